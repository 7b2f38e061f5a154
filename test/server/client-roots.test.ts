// `handrail serve` without --root, against the SDK's Client over stdio: the workspace is the roots the
// client announces (again after roots/list_changed), else the current directory, but never / or the home
// directory by default (exit 2, naming --root). And a long `bash` call with a progress token hears progress.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ChildTransport } from '../support/child-transport.js';
import { onCleanup } from '../support/cleanup.js';
import { cliBin } from '../support/repo.js';
import { text } from '../support/results.js';
import { tempDir } from '../support/temp.js';
import { built, notBuilt } from './helpers.js';

/** A directory holding `files`, removed after the test. */
function folder(files: Record<string, string>): string {
  const dir = tempDir('handrail-roots-');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** An SDK client that announces `roots` (read again on every roots/list), or no roots capability. */
function rootsClient(roots?: string[]): Client {
  const client = new Client(
    { name: 'handrail-roots-test', version: '1.0.0' },
    { capabilities: roots ? { roots: { listChanged: true } } : {} },
  );
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.map((dir, i) => ({ uri: pathToFileURL(dir).href, name: `root ${i}` })),
    }));
  }
  return client;
}

/**
 * `handrail serve` (no --root) started in `cwd`, with an SDK client that announces `roots` (a mutable list:
 * change it and call `client.sendRootsListChanged()`), or no roots capability at all when undefined.
 */
async function serve(cwd: string, opts: { roots?: string[]; args?: string[]; home?: string } = {}) {
  const { roots, args = [], home = tempDir('handrail-roots-home-') } = opts;
  const child = spawn(process.execPath, [cliBin, 'serve', '--sandbox', 'none', ...args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const client = rootsClient(roots);
  await client.connect(new ChildTransport(child));
  return { client, exited, stderr: () => stderr };
}

async function readA(client: Client): Promise<string> {
  return text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }));
}

describe.skipIf(!built)(`handrail serve follows the client's roots${built ? '' : ` — ${notBuilt}`}`, () => {
  it('serves the first announced root as the workspace, every root as a file root', async () => {
    const first = folder({ 'a.txt': 'in the first root\n' });
    const second = folder({ 'b.txt': 'in the second root\n' });
    const elsewhere = folder({ 'a.txt': 'in the current directory\n' });
    const { client } = await serve(elsewhere, { roots: [first, second] });
    expect(await readA(client)).toContain('in the first root');
    const other = await client.callTool({
      name: 'read_file',
      arguments: { path: path.join(second, 'b.txt') },
    });
    expect(text(other)).toContain('in the second root');
    // The current directory is not a root.
    const outside = await client.callTool({
      name: 'read_file',
      arguments: { path: path.join(elsewhere, 'a.txt') },
    });
    expect(outside.isError).toBe(true);
  });

  it('after roots/list_changed, the next call runs in the new root; a running one ends in the old', async () => {
    const before = folder({ 'a.txt': 'before the change\n' });
    const after = folder({ 'a.txt': 'after the change\n' });
    const roots = [before];
    const { client } = await serve(folder({}), { roots, args: ['--profile', 'full_access'] });
    expect(await readA(client)).toContain('before the change');
    // A command that has started (its first output came back as progress) when the roots change.
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const running = client.callTool(
      { name: 'bash', arguments: { command: 'echo started; sleep 1; cat a.txt' } },
      undefined,
      { onprogress: () => started() },
    );
    await hasStarted;
    roots.splice(0, 1, after);
    await client.sendRootsListChanged();
    expect(await readA(client)).toContain('after the change');
    expect(text(await running)).toContain('before the change');
    // The same list again keeps the workspace.
    await client.sendRootsListChanged();
    expect(await readA(client)).toContain('after the change');
  });

  it('without roots, in /, it exits 2 right after initialize, naming --root', async () => {
    const { client, exited, stderr } = await serve('/');
    // initialize was answered (connect resolved); then the server ends.
    expect(client.getServerVersion()?.name).toBe('handrail');
    expect(await exited).toBe(2);
    expect(stderr()).toContain('the client announced no roots, and the current directory is /');
    expect(stderr()).toContain('--root');
  });

  it('without roots, in the home directory, it exits 2 too; a client with roots is served there', async () => {
    const home = folder({ 'a.txt': 'at home\n' });
    const project = folder({ 'a.txt': 'in the project\n' });
    const refused = await serve(home, { home });
    expect(await refused.exited).toBe(2);
    expect(refused.stderr()).toContain('your home directory');
    const served = await serve(home, { home, roots: [project] });
    expect(await readA(served.client)).toContain('in the project');
  });

  it('without roots, in an ordinary directory, it serves that directory', async () => {
    const here = folder({ 'a.txt': 'in the current directory\n' });
    const { client, stderr } = await serve(here);
    expect(await readA(client)).toContain('in the current directory');
    expect(stderr()).toContain(`serving ${here}`);
  });

  it('over HTTP, each connection is served its own announced root', async () => {
    const first = folder({ 'a.txt': "in the first client's root\n" });
    const second = folder({ 'a.txt': "in the second client's root\n" });
    const child = spawn(process.execPath, [cliBin, 'serve', '--sandbox', 'none', '--http', '127.0.0.1:0'], {
      cwd: folder({ 'a.txt': 'in the current directory\n' }),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('handrail-roots-home-') },
    });
    onCleanup(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    const url = await new Promise<string>((resolve, reject) => {
      let said = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        const match = /(http:\/\/\S+\/mcp)/.exec(said);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${said}`)));
    });
    const connect = async (roots: string[]) => {
      const client = rootsClient(roots);
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      onCleanup(() => client.close());
      return client;
    };
    const [one, two] = [await connect([first]), await connect([second])];
    expect(await readA(one)).toContain("in the first client's root");
    expect(await readA(two)).toContain("in the second client's root");
  });

  it('a long bash call with a progress token hears progress before its result', async () => {
    const { client } = await serve(folder({}), { args: ['--profile', 'full_access'] });
    const updates: Array<{ progress: number; message?: string }> = [];
    const result = await client.callTool(
      { name: 'bash', arguments: { command: 'sleep 3; echo done' } },
      undefined,
      {
        onprogress: (update) => updates.push(update),
        resetTimeoutOnProgress: true,
      },
    );
    expect(result.isError).toBe(false);
    expect(text(result)).toContain('done');
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates[0]!.message).toContain('bash: still running');
  });
});
