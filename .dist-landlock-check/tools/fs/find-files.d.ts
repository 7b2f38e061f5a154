import { type ToolSpec } from '../../types/index.js';
export interface FindFilesOptions {
    /** Bytes of paths shown, kept under the model-visible bound (default 30 KiB). */
    maxOutputBytes?: number;
}
/** find_files: files whose path matches a glob, newest first, ignore files respected. */
export declare function findFilesTool(options?: FindFilesOptions): ToolSpec;
