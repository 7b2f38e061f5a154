// Real clients against the built command: the official SDK client over stdio and Streamable HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cliBin } from '../support/repo.js';
import { tempDir } from '../support/temp.js';

export const built = existsSync(cliBin);
export const notBuilt = 'dist/ is missing: run "npm run build" first (npm test does).';

/** A temporary workspace holding `files` (relative path → content), removed after the test. */
export function tempWorkspace(files: Record<string, string> = {}): string {
  const dir = tempDir('handrail-serve-');
  for (const [name, text] of Object.entries(files)) {
    mkdirFor(path.join(dir, name));
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function mkdirFor(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
}

export type ClientCaps = ConstructorParameters<typeof Client>[1];

/** An SDK client connected over stdio to `handrail serve --root <dir> --sandbox none ...extra`. */
export async function stdioClient(
  dir: string,
  extra: string[] = [],
  caps: ClientCaps = { capabilities: {} },
): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliBin, 'serve', '--root', dir, '--sandbox', 'none', ...extra],
    stderr: 'pipe',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'handrail-test', version: '1.0.0' }, caps);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** `handrail serve --http` in a child process; resolves with the URL it printed. */
export async function httpServer(
  dir: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [cliBin, 'serve', '--root', dir, '--sandbox', 'none', '--http', '127.0.0.1:0', ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /(http:\/\/\S+\/mcp)/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function httpClient(
  url: string,
  opts: { token?: string; caps?: ClientCaps } = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(opts.token ? { requestInit: { headers: { Authorization: `Bearer ${opts.token}` } } } : {}),
  });
  const client = new Client({ name: 'handrail-test', version: '1.0.0' }, opts.caps ?? { capabilities: {} });
  await client.connect(transport);
  return { client, transport };
}
