/** Rename the alias keys a model may use to the schema's names (the first present alias wins). */
export function renameKeys(input, aliases) {
    if (!input || typeof input !== 'object' || Array.isArray(input))
        return undefined;
    const args = { ...input };
    for (const [name, others] of Object.entries(aliases)) {
        if (args[name] !== undefined)
            continue;
        const alias = others.find((key) => args[key] !== undefined);
        if (alias) {
            args[name] = args[alias];
            delete args[alias];
        }
    }
    return args;
}
//# sourceMappingURL=prepare.js.map