export {};
//# sourceMappingURL=template.js.map