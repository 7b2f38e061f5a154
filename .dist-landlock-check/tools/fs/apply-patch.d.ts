import { type ToolSpec } from '../../types/index.js';
/** apply_patch: the Codex patch format, checked and computed in full before anything is written. */
export declare function applyPatchTool(): ToolSpec;
