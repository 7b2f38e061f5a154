import { type GrepEngine } from './engine.js';
/** grep_files through ripgrep. */
export declare function ripgrepEngine(rg: string): GrepEngine;
/** A file name as a --glob that matches only itself (gitignore syntax, backslash escapes). */
export declare function globLiteral(name: string): string;
