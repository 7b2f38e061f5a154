import { type Tree } from 'web-tree-sitter';
/** Parse bash source; the caller must `delete()` the tree. A string is the reason no tree is available. */
export declare function parseBash(source: string): Tree | string;
