/** Truthful hints: a read-only tool is never destructive; a tool that names no outside world is closed. */
export function mcpAnnotations(annotations = {}) {
    const readOnly = annotations.readOnlyHint === true;
    return {
        ...(annotations.title ? { title: annotations.title } : {}),
        readOnlyHint: readOnly,
        destructiveHint: readOnly ? false : annotations.destructiveHint !== false,
        idempotentHint: annotations.idempotentHint === true,
        openWorldHint: annotations.openWorldHint === true,
    };
}
/**
 * Whether a tool is worth showing under a mode. read_only denies every file write whatever the rules say (the
 * mode is a ceiling), so closed-world mutating tools (write_file, edit_file, apply_patch) are left out rather
 * than shown as stubs. Commands stay: read_only still runs known read-only commands.
 */
export function offeredUnder(mode, annotations) {
    if (mode !== 'read_only')
        return true;
    return annotations.readOnlyHint || annotations.openWorldHint;
}
/** The MCP tool list for a turn's visible tools. */
export function mcpToolList(visible, described, mode) {
    const byName = new Map(described.map((d) => [d.name, d]));
    const tools = [];
    for (const tool of visible) {
        const annotations = mcpAnnotations(byName.get(tool.name)?.annotations);
        if (!offeredUnder(mode, annotations))
            continue;
        tools.push({
            name: tool.name,
            ...(annotations.title ? { title: annotations.title } : {}),
            description: tool.description,
            inputSchema: objectSchema(tool.inputSchema),
            annotations,
        });
    }
    return tools;
}
/** MCP requires an object schema at the top; handrail's provider schemas already are, this makes it certain. */
function objectSchema(schema) {
    return { ...schema, type: 'object' };
}
//# sourceMappingURL=tool-list.js.map