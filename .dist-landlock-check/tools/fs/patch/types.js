/** The lines a chunk expects to find (context and removed) and the lines it leaves (context and added). */
export function oldLines(chunk) {
    return chunk.lines.filter((line) => line.op !== '+').map((line) => line.text);
}
export function newLines(chunk) {
    return chunk.lines.filter((line) => line.op !== '-').map((line) => line.text);
}
//# sourceMappingURL=types.js.map