// Shell tools: exec_command and write_stdin (Codex-style sessions) and bash (the Pi-style one-shot), all
// run through the process policy and the OS sandbox.
import type { ToolSpec } from '../../types/index.js';
import { bashTool } from './bash.js';
import { execCommandTool } from './exec-command.js';
import { writeStdinTool } from './write-stdin.js';

export { bashTool } from './bash.js';
export type { ShellCapability } from './context.js';
export { execCommandTool } from './exec-command.js';
export { writeStdinTool } from './write-stdin.js';

/** exec_command, write_stdin and bash. */
export function shellTools(): ToolSpec[] {
  return [execCommandTool(), writeStdinTool(), bashTool()];
}
