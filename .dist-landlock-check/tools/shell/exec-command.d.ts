import { type ToolSpec } from '../../types/index.js';
import { type ShellProvider } from './runtime-shell.js';
export declare const MAX_OUTPUT_TOKENS = 16000;
/** `shell`: the sandbox and sessions to run in (shellTools() passes one provider to all three tools). */
export declare function execCommandTool(shell?: ShellProvider): ToolSpec;
