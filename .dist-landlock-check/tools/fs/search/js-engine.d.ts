import { type GrepEngine } from './engine.js';
/**
 * grep_files without ripgrep: the same walk as list_dir and find_files (ignore files applied the way
 * ripgrep applies them, hidden files included, `.git` skipped, symbolic links not followed) and the
 * pattern translated to a JavaScript RegExp.
 */
export declare function javascriptEngine(): GrepEngine;
