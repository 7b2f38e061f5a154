import { bashTool } from './bash.js';
import { execCommandTool } from './exec-command.js';
import { defaultShellProvider, shellProvider } from './runtime-shell.js';
import { writeStdinTool } from './write-stdin.js';
export { bashTool } from './bash.js';
export { execCommandTool } from './exec-command.js';
export { defaultShellProvider, shellProvider, } from './runtime-shell.js';
export { writeStdinTool } from './write-stdin.js';
/**
 * exec_command, write_stdin and bash, sharing one sandbox and one session cap. Settings given here win over
 * the runtime's `sandbox`, `process` and `sessions` options (today's shape, still accepted).
 */
export function shellTools(options) {
    const shell = options ? shellProvider(options) : defaultShellProvider;
    return [execCommandTool(shell), writeStdinTool(shell), bashTool(shell)];
}
//# sourceMappingURL=index.js.map