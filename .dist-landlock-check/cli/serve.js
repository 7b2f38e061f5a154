// `handrail serve`: the built-in tools for a workspace as an MCP server, on stdio or Streamable HTTP.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRuntime } from '../core/index.js';
import { runtimeOptions, ServeConfigError, serveHttp, serveStdio, } from '../server/index.js';
import { SERVE_HELP } from './help.js';
import { createStyle, UsageError, wantsColor } from './style.js';
export async function runServe(argv, workspace, io) {
    const { values } = parseArgs({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: {
            http: { type: 'string' },
            token: { type: 'string' },
            'no-elicitation': { type: 'boolean' },
            help: { type: 'boolean', short: 'h' },
        },
    });
    if (values.help) {
        io.stdout.write(SERVE_HELP);
        return 0;
    }
    const token = values.token ?? io.env.HANDRAIL_TOKEN;
    const bind = values.http === undefined ? undefined : parseBind(values.http);
    if (values.token !== undefined && bind === undefined) {
        throw new UsageError('--token only applies to --http', 'stdio needs no token: the client starts the server.');
    }
    checkConfig(workspace);
    const options = { ...workspace, ...(values['no-elicitation'] ? { elicitation: false } : {}) };
    const style = createStyle(wantsColor(io.stderr, io.env));
    const where = `${workspace.root} (profile ${workspace.profile ?? 'supervised'}, sandbox ${workspace.sandbox ?? 'auto'})`;
    if (bind === undefined) {
        const handle = await serveStdio(options, { stdin: io.stdin, stdout: io.stdout });
        io.stderr.write(`${style.dim('handrail serve:')} ${where} on stdio\n`);
        const stop = onSignals(() => handle.close());
        await handle.closed;
        stop();
        return 0;
    }
    let server;
    try {
        server = await serveHttp({ ...options, host: bind.host, port: bind.port, ...(token ? { token } : {}) });
    }
    catch (error) {
        if (error instanceof ServeConfigError)
            throw new UsageError(error.message, error.hint);
        const code = error.code;
        if (code === 'EADDRINUSE') {
            throw new UsageError(`${bind.host}:${bind.port} is already in use`, 'Choose another port, or stop the other server.');
        }
        throw error;
    }
    io.stderr.write(`${style.dim('handrail serve:')} ${where} at ${style.bold(server.url)}${token ? ' (bearer token required)' : ''}\n`);
    if (values.token !== undefined) {
        // A command line is readable by every local user (ps, /proc/PID/cmdline); the environment is not.
        io.stderr.write(`${style.dim('handrail serve:')} --token is visible to other users of this machine in the process list; prefer HANDRAIL_TOKEN=… in the environment.\n`);
    }
    await new Promise((resolve) => {
        const stop = onSignals(async () => {
            stop();
            await server.close();
            resolve();
        });
    });
    return 0;
}
/** HOST:PORT, [IPv6]:PORT, or just PORT (loopback). */
export function parseBind(value) {
    const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value) ?? /^()()(\d{1,5})$/.exec(value);
    const port = match ? Number(match[3]) : Number.NaN;
    if (!match || !(port >= 0 && port <= 65_535)) {
        throw new UsageError(`--http wants HOST:PORT, got "${value}"`, 'For example: --http 127.0.0.1:7777');
    }
    return { host: match[1] || match[2] || '127.0.0.1', port };
}
/** Fail at startup, not at the first call: a bad profile or policy file is reported before serving. */
export function checkConfig(workspace) {
    const root = workspace.root ?? process.cwd();
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
        throw new UsageError(`the workspace ${root} is not a directory`, 'Pass --root with an existing directory.');
    }
    let runtime;
    try {
        runtime = createRuntime(runtimeOptions({ ...workspace, store: false }));
    }
    catch (error) {
        throw new UsageError(error.message, 'Check the file with "handrail policy check".');
    }
    void runtime.close();
}
function onSignals(handler) {
    const run = () => void handler();
    process.once('SIGINT', run);
    process.once('SIGTERM', run);
    return () => {
        process.off('SIGINT', run);
        process.off('SIGTERM', run);
    };
}
//# sourceMappingURL=serve.js.map