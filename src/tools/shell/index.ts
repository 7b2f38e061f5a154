// Shell tools: exec_command and write_stdin (Codex-style sessions) and bash (the Pi-style one-shot), all
// run through the process policy and the OS sandbox.
import type { ToolSpec } from '../../types/index.js';
import { bashTool } from './bash.js';
import { execCommandTool } from './exec-command.js';
import { defaultShellProvider, type ShellToolsOptions, shellProvider } from './runtime-shell.js';
import { writeStdinTool } from './write-stdin.js';

export { bashTool } from './bash.js';
export { execCommandTool } from './exec-command.js';
export {
  type CallIds,
  type CommandNetwork,
  defaultShellProvider,
  type SessionSettings,
  type ShellCapability,
  type ShellProvider,
  type ShellToolsOptions,
  shellProvider,
} from './runtime-shell.js';
export { writeStdinTool } from './write-stdin.js';

/**
 * exec_command, write_stdin and bash, sharing one sandbox and one session cap. Settings given here win over
 * the runtime's `sandbox`, `process` and `sessions` options (today's shape, still accepted).
 */
export function shellTools(options?: ShellToolsOptions): ToolSpec[] {
  const shell = options ? shellProvider(options) : defaultShellProvider;
  return [execCommandTool(shell), writeStdinTool(shell), bashTool(shell)];
}
