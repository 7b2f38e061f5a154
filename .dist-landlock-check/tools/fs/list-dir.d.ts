import { type ToolSpec } from '../../types/index.js';
export interface ListDirOptions {
    /** Bytes of listing per page, kept under the model-visible bound (default 30 KiB). */
    maxPageBytes?: number;
}
/** list_dir: an indented, sorted tree of a directory, paged, ignore files respected. */
export declare function listDirTool(options?: ListDirOptions): ToolSpec;
