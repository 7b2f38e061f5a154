import type { ToolSpec } from '../../types/index.js';
import { applyPatchTool } from './apply-patch.js';
import { editFileTool } from './edit-file.js';
import { type FindFilesOptions, findFilesTool } from './find-files.js';
import { type GrepFilesOptions, grepFilesTool } from './grep-files.js';
import { type ListDirOptions, listDirTool } from './list-dir.js';
import { type ReadFileOptions, readFileTool } from './read-file.js';
import { writeFileTool } from './write-file.js';
export interface FileToolsOptions {
    read_file?: ReadFileOptions;
    list_dir?: ListDirOptions;
    find_files?: FindFilesOptions;
    grep_files?: GrepFilesOptions;
}
/** read_file, write_file, edit_file, apply_patch, list_dir, find_files and grep_files. */
export declare function fileTools(options?: FileToolsOptions): ToolSpec[];
export { applyPatchTool, editFileTool, type FindFilesOptions, findFilesTool, type GrepFilesOptions, grepFilesTool, type ListDirOptions, listDirTool, type ReadFileOptions, readFileTool, writeFileTool, };
