export {};
//# sourceMappingURL=backend-types.js.map