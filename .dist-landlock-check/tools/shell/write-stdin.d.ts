import { type ToolSpec } from '../../types/index.js';
import { type ShellProvider } from './runtime-shell.js';
/** `shell`: the sandbox and sessions to run in (shellTools() passes one provider to all three tools). */
export declare function writeStdinTool(shell?: ShellProvider): ToolSpec;
