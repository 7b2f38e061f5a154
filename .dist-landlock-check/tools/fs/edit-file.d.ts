import { type ToolSpec } from '../../types/index.js';
/** The edit_file tool: exact-then-lenient replacement, all or nothing, under the file's lock. */
export declare function editFileTool(): ToolSpec;
