export const CONFIG_LAYERS = [
    'default',
    'user',
    'project',
    'file',
    'flag',
    'library',
];
//# sourceMappingURL=types.js.map