import type { ToolSpec } from '../../types/index.js';
import { type ShellToolsOptions } from './runtime-shell.js';
export { bashTool } from './bash.js';
export { execCommandTool } from './exec-command.js';
export { type CallIds, type CommandNetwork, defaultShellProvider, type SessionSettings, type ShellCapability, type ShellProvider, type ShellToolsOptions, shellProvider, } from './runtime-shell.js';
export { writeStdinTool } from './write-stdin.js';
/**
 * exec_command, write_stdin and bash, sharing one sandbox and one session cap. Settings given here win over
 * the runtime's `sandbox`, `process` and `sessions` options (today's shape, still accepted).
 */
export declare function shellTools(options?: ShellToolsOptions): ToolSpec[];
