import { type ToolSpec } from '../../types/index.js';
/** The write_file tool: atomic create-or-overwrite under the file's lock. */
export declare function writeFileTool(): ToolSpec;
