#!/usr/bin/env node
// The `handrail` command's entry point: the process's arguments and streams, handed to runCli (run.ts).
import { runCli } from './run.js';
// `handrail demo | head` closes the pipe early; that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE')
        process.exit(0);
    throw error;
});
runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    cwd: process.cwd(),
    env: process.env,
}).then((code) => {
    process.exitCode = code;
});
//# sourceMappingURL=main.js.map