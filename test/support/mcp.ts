// MCP servers for tests: the real server-everything and server-filesystem from npm, server-everything over
// stdio or started as an HTTP server on a free local port, runtimes (handrail's createRuntime, with
// mcpServers) closed after the test, and workspaces with a client-format configuration for the CLI.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRuntime, type McpRuntime, type McpRuntimeOptions } from '../../src/extensions/index.js';
import { onCleanup } from './cleanup.js';
import { repoRoot } from './repo.js';
import { tempDir } from './temp.js';

/** server-everything's entry point: `node EVERYTHING stdio | streamableHttp | sse`. */
export const EVERYTHING = path.join(
  repoRoot,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

/** server-filesystem's entry point: `node FILESYSTEM DIR...`. */
export const FILESYSTEM = path.join(
  repoRoot,
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);

/** server-everything over stdio, as a server configuration. */
export function everythingStdio(extra: Record<string, unknown> = {}) {
  return { command: process.execPath, args: [EVERYTHING, 'stdio'], ...extra };
}

/**
 * A runtime with MCP servers in a temp workspace (full_access, no rate limits, no policy files, no store, no
 * OS sandbox unless given), closed after the test unless `lifetime` is 'file' (the caller closes it).
 */
export function mcpRuntime(options: McpRuntimeOptions, lifetime: 'test' | 'file' = 'test'): McpRuntime {
  const workspace = options.workspace ?? tempDir('handrail-mcp-');
  const runtime = createRuntime({
    profile: 'full_access',
    rateLimits: false,
    store: false,
    sandbox: 'none',
    policyFiles: { user: null, managed: null, project: null },
    ...options,
    workspace,
  } as McpRuntimeOptions);
  if (lifetime === 'test') onCleanup(() => runtime.close());
  return runtime;
}

/**
 * A workspace (`ws`) and an empty home in a temp directory: `files` are written there as JSON (`~/…` in the
 * home, the others in the workspace), and `servers` to a client-format file (`config`, for --mcp-config)
 * outside both. `env` is the environment the CLI runs with there.
 */
export function mcpWorkspace(
  opts: {
    servers?: (ws: string) => Record<string, unknown>;
    files?: (ws: string) => Record<string, unknown>;
  } = {},
) {
  const dir = tempDir('handrail-mcp-ws-');
  const ws = path.join(dir, 'ws');
  const home = path.join(dir, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  for (const [rel, content] of Object.entries(opts.files?.(ws) ?? {})) {
    const file = rel.startsWith('~/') ? path.join(home, rel.slice(2)) : path.join(ws, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(content, null, 2));
  }
  const config = path.join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: opts.servers?.(ws) ?? {} }, null, 2));
  return { ws, home, config, env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' } };
}

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** server-everything as an HTTP server on 127.0.0.1 (its own process), stopped after the test. */
export async function everythingHttp(
  mode: 'streamableHttp' | 'sse',
  port?: number,
): Promise<{ port: number; url: string; child: ChildProcess }> {
  port ??= await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  onCleanup(() => stopChild(child));
  await waitForPort(port, child);
  return { port, url: `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`, child };
}

/** Kill a child and wait for it to be gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with status ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing listened on port ${port}`);
}
