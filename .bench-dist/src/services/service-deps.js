export function systemClock() {
    return new Date().toISOString();
}
//# sourceMappingURL=service-deps.js.map