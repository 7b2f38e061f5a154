import type { FileAccess, FilePolicyConfig } from './file-policy-types.js';
/**
 * The file policy of a turn: roots with access modes, a cwd, deny-read globs and protected paths. Every
 * decision is made on canonical paths; a denial says what is allowed instead.
 */
export declare function createFileAccess(config: FilePolicyConfig): FileAccess;
