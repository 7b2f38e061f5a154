export {};
//# sourceMappingURL=schema-type.js.map