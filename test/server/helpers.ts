// Real clients against the built command: the official SDK client over stdio and Streamable HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = path.join(repoRoot, 'dist', 'cli', 'main.js');
export const built = existsSync(bin);
export const notBuilt = 'dist/ is missing: run "npm run build" first (npm test does).';

export function tempWorkspace(files: Record<string, string> = {}): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-serve-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirFor(path.join(dir, name));
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
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
    args: [bin, 'serve', '--root', dir, '--sandbox', 'none', ...extra],
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
    [bin, 'serve', '--root', dir, '--sandbox', 'none', '--http', '127.0.0.1:0', ...extra],
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

/** The text parts of a tool result, joined. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}
