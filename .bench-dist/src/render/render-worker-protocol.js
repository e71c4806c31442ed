export {};
//# sourceMappingURL=render-worker-protocol.js.map