import { applyPatchTool } from './apply-patch.js';
import { editFileTool } from './edit-file.js';
import { findFilesTool } from './find-files.js';
import { grepFilesTool } from './grep-files.js';
import { listDirTool } from './list-dir.js';
import { readFileTool } from './read-file.js';
import { writeFileTool } from './write-file.js';
/** read_file, write_file, edit_file, apply_patch, list_dir, find_files and grep_files. */
export function fileTools(options = {}) {
    return [
        readFileTool(options.read_file),
        writeFileTool(),
        editFileTool(),
        applyPatchTool(),
        listDirTool(options.list_dir),
        findFilesTool(options.find_files),
        grepFilesTool(options.grep_files),
    ];
}
export { applyPatchTool, editFileTool, findFilesTool, grepFilesTool, listDirTool, readFileTool, writeFileTool, };
//# sourceMappingURL=index.js.map