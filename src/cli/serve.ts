// `handrail serve`: the built-in tools for a workspace, and the tools of the MCP servers it is configured to
// front (`mcpServers`, `--mcp-config`), as an MCP server on stdio or Streamable HTTP.
// Without --root the workspace is what the client announces (serve-roots.ts); over stdio, a first
// workspace that cannot be made ends the server with exit 2, right after the client's initialize.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRuntime } from '../core/index.js';
import {
  type HttpServeHandle,
  runtimeOptions,
  ServeConfigError,
  type StdioServeHandle,
  serveHttp,
  serveStdio,
  type WorkspaceOptions,
  withoutMcpServers,
} from '../server/index.js';
import { configuredWorkspace } from './configured.js';
import type { GlobalOptions } from './global-options.js';
import { SERVE_HELP } from './help.js';
import { followClientRoots, tooBroadByDefault } from './serve-roots.js';
import { type CliIO, createStyle, UsageError, wantsColor } from './style.js';

const WHERE = 'handrail serve';

export async function runServe(argv: string[], globals: GlobalOptions, io: CliIO): Promise<number> {
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
    throw new UsageError(
      '--token only applies to --http',
      'stdio needs no token: the client starts the server.',
    );
  }
  // The configuration (user, --config, flags, and the project's at the root or the current directory) is
  // checked before serving; roots a client announces later are checked when they arrive.
  const workspace = configuredWorkspace(globals, io, WHERE);
  const followRoots = globals.given.root === undefined;
  const tooBroad = followRoots ? tooBroadByDefault(workspace.root, io.env) : undefined;
  if (tooBroad !== undefined && bind !== undefined) {
    // Over HTTP there is no one client to ask for roots before serving.
    throw new UsageError(
      `refusing to serve ${tooBroad}, without --root`,
      'Pass --root with the project directory.',
    );
  }
  if (tooBroad === undefined) checkConfig(workspace);
  const style = createStyle(wantsColor(io.stderr, io.env));
  const log = (message: string) => io.stderr.write(`${style.dim(`${WHERE}:`)} ${message}\n`);
  let firstFailure: Error | undefined;
  let stdio: StdioServeHandle | undefined;
  const clientRoots = followRoots
    ? followClientRoots({
        globals,
        fallback: workspace,
        tooBroad,
        io,
        log,
        // Over stdio the first workspace is the server's start: failing it ends the server (exit 2).
        onFirstFailure: (error) => {
          const handle = stdio;
          if (!handle) return false;
          firstFailure = error;
          // After the answers already on their way (the initialize response, when it came with it).
          setImmediate(() => void handle.close());
          return true;
        },
      })
    : undefined;
  const options = {
    ...workspace,
    ...(values['no-elicitation'] ? { elicitation: false } : {}),
    ...(clientRoots ? { clientRoots } : {}),
    log,
  };
  const upstream = Object.keys(workspace.runtime?.mcpServers ?? {});
  const settings = `(profile ${workspace.profile ?? 'supervised'}, sandbox ${workspace.sandbox ?? 'auto'}${upstream.length > 0 ? `, mcp servers ${upstream.join(', ')}` : ''})`;
  const where = !followRoots
    ? `${workspace.root} ${settings}`
    : tooBroad === undefined
      ? `the client's roots, or else ${workspace.root} ${settings}`
      : `the client's roots (the current directory, ${tooBroad}, needs --root) ${settings}`;

  if (bind === undefined) {
    const handle = await serveStdio(options, { stdin: io.stdin, stdout: io.stdout });
    stdio = handle;
    log(`${where} on stdio`);
    const stop = onSignals(() => handle.close());
    await handle.closed;
    stop();
    if (firstFailure) throw asUsageError(firstFailure);
    return 0;
  }
  let server: HttpServeHandle;
  try {
    server = await serveHttp({ ...options, host: bind.host, port: bind.port, ...(token ? { token } : {}) });
  } catch (error) {
    if (error instanceof ServeConfigError) throw new UsageError(error.message, error.hint);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(
        `${bind.host}:${bind.port} is already in use`,
        'Choose another port, or stop the other server.',
      );
    }
    throw error;
  }
  log(`${where} at ${style.bold(server.url)}${token ? ' (bearer token required)' : ''}`);
  if (values.token !== undefined) {
    // A command line is readable by every local user (ps, /proc/PID/cmdline); the environment is not.
    log(
      '--token is visible to other users of this machine in the process list; prefer HANDRAIL_TOKEN=… in the environment.',
    );
  }
  await new Promise<void>((resolve) => {
    const stop = onSignals(async () => {
      stop();
      await server.close();
      resolve();
    });
  });
  return 0;
}

/** HOST:PORT, [IPv6]:PORT, or just PORT (loopback). */
export function parseBind(value: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value) ?? /^()()(\d{1,5})$/.exec(value);
  const port = match ? Number(match[3]) : Number.NaN;
  if (!match || !(port >= 0 && port <= 65_535)) {
    throw new UsageError(`--http wants HOST:PORT, got "${value}"`, 'For example: --http 127.0.0.1:7777');
  }
  return { host: match[1] || match[2] || '127.0.0.1', port };
}

/** A first workspace that failed as the usage error it is (exit 2); a policy file that does not load, say. */
function asUsageError(error: Error): UsageError {
  if (error instanceof UsageError) return error;
  return new UsageError(error.message, 'Check the file with "handrail policy check".');
}

/** Fail at startup, not at the first call: a bad profile or policy file is reported before serving. */
export function checkConfig(workspace: WorkspaceOptions): void {
  const root = workspace.root ?? process.cwd();
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `the workspace ${root} is not a directory`,
      'Pass --root with an existing directory.',
    );
  }
  let runtime: ReturnType<typeof createRuntime>;
  try {
    // Checks only: the MCP servers start with each session's runtime, not here.
    runtime = createRuntime(withoutMcpServers(runtimeOptions({ ...workspace, store: false })));
  } catch (error) {
    throw new UsageError((error as Error).message, 'Check the file with "handrail policy check".');
  }
  void runtime.close();
}

function onSignals(handler: () => unknown): () => void {
  const run = () => void handler();
  process.once('SIGINT', run);
  process.once('SIGTERM', run);
  return () => {
    process.off('SIGINT', run);
    process.off('SIGTERM', run);
  };
}
