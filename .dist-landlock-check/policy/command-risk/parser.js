// Loads tree-sitter-bash once per process. The wasm files come from node_modules (web-tree-sitter's runtime
// and tree-sitter-bash's grammar); nothing is fetched at run time. Loading is a top-level await so that
// classifyCommand can stay synchronous for the permission stage.
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
async function load() {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    const parser = new Parser();
    parser.setLanguage(await Language.load(wasm));
    return parser;
}
let parser;
let loadError;
try {
    parser = await load();
}
catch (error) {
    // Keep the package importable: every command is then 'unknown' with this reason.
    loadError = error instanceof Error ? error.message : String(error);
}
/** Parse bash source; the caller must `delete()` the tree. A string is the reason no tree is available. */
export function parseBash(source) {
    if (!parser)
        return `shell parser unavailable (${loadError ?? 'not loaded'})`;
    return parser.parse(source) ?? 'the shell parser gave up on this command';
}
//# sourceMappingURL=parser.js.map