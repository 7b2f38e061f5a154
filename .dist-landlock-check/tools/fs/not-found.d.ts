import { ToolError } from '../../core/index.js';
import type { FileAccess } from '../../sandbox/index.js';
/**
 * A not-found error that gives the model something to work with: `File src/auth.ts not found — the
 * directory has auth.old.ts and authz.ts`, or the nearest existing ancestor when the directory is missing.
 */
export declare function notFound(files: FileAccess, canonicalPath: string, what?: 'File' | 'Directory' | 'Path'): Promise<ToolError>;
