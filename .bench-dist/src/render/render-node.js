export {};
//# sourceMappingURL=render-node.js.map