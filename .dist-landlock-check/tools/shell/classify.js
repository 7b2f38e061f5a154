import { intentPaths } from '../shared/file-checks.js';
export function commandIntent(operation, cmd, workdir, cwd, tty = false) {
    const command = typeof cmd === 'string' ? cmd : '';
    const dir = typeof workdir === 'string' && workdir !== '' ? workdir : '.';
    return {
        action: 'shell_command',
        summary: command,
        scope: {
            operation,
            command,
            workdir: intentPaths(cwd, [dir])[0] ?? cwd,
            ...(tty ? { tty: true } : {}),
        },
    };
}
//# sourceMappingURL=classify.js.map