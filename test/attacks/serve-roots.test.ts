import { spawn } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { built, notBuilt } from '../server/helpers.js';
import { ChildTransport } from '../support/child-transport.js';
import { onCleanup } from '../support/cleanup.js';
import { cliBin } from '../support/repo.js';
import { text } from '../support/results.js';
import { tempDir } from '../support/temp.js';

// Attacks on `handrail serve` without --root: what the client announces as roots. Each test asserts the
// SAFE behaviour (a failing test is a finding). The secret lives in a directory outside every announced root.

async function serveWith(uris: string[], home: string) {
  const cwd = tempDir('handrail-serve-attack-cwd-');
  const child = spawn(process.execPath, [cliBin, 'serve', '--sandbox', 'none'], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home },
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const client = new Client(
    { name: 'attack', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: uris.map((uri) => ({ uri })) }));
  await client.connect(new ChildTransport(child));
  return { client, stderr: () => stderr, exited };
}

async function readSecret(uris: string[], secretFile: string, home: string): Promise<string> {
  const { client } = await serveWith(uris, home);
  try {
    return text(await client.callTool({ name: 'read_file', arguments: { path: secretFile } }));
  } catch (error) {
    return String(error);
  }
}

describe.skipIf(!built)(`serve: client-announced roots${built ? '' : ` — ${notBuilt}`}`, () => {
  const setup = () => {
    const home = tempDir('handrail-serve-attack-home-');
    const secretDir = tempDir('handrail-serve-attack-secret-');
    writeFileSync(path.join(secretDir, 'secret.txt'), 'SERVE-SECRET-42\n');
    return { home, secret: path.join(secretDir, 'secret.txt') };
  };

  it('a root of file:/// does not make the whole filesystem the workspace', async () => {
    const { home, secret } = setup();
    expect(await readSecret(['file:///'], secret, home)).not.toContain('SERVE-SECRET-42');
  }, 30_000);

  it('a root of the home directory is not served by default', async () => {
    const { home } = setup();
    writeFileSync(path.join(home, '.netrc'), 'machine x login y password HOME-SECRET\n');
    const { client } = await serveWith([`file://${home}`], home);
    let out = '';
    try {
      out = text(
        await client.callTool({ name: 'read_file', arguments: { path: path.join(home, '.netrc') } }),
      );
    } catch (e) {
      out = String(e);
    }
    expect(out).not.toContain('HOME-SECRET');
  }, 30_000);

  // Any client may name any directory, so `..` in a URI is no attack in itself; what must hold is that an
  // encoded slash is refused rather than decoded into a different path.
  it('a file:// URI with an encoded slash is refused', async () => {
    const { home, secret } = setup();
    const ws = tempDir('handrail-serve-attack-ws-');
    const out = await readSecret([`file://${ws}/..%2f..%2f`], secret, home);
    expect(out).not.toContain('SERVE-SECRET-42');
  }, 30_000);

  it('a non-file scheme is not served', async () => {
    const { home, secret } = setup();
    expect(await readSecret([`http://localhost${path.dirname(secret)}`], secret, home)).not.toContain(
      'SERVE-SECRET-42',
    );
  }, 30_000);

  it('a root that is a symlink to / is not served as /', async () => {
    const { home, secret } = setup();
    const ws = tempDir('handrail-serve-attack-ws-');
    symlinkSync('/', path.join(ws, 'slash'));
    expect(await readSecret([`file://${ws}/slash`], secret, home)).not.toContain('SERVE-SECRET-42');
  }, 30_000);

  it('thousands of roots do not stall the server', async () => {
    const { home } = setup();
    const ws = tempDir('handrail-serve-attack-ws-');
    writeFileSync(path.join(ws, 'a.txt'), 'A-OK\n');
    const many = [
      `file://${ws}`,
      ...Array.from(
        { length: 5000 },
        (_, i) => `file://${ws}/../${path.basename(ws)}/./${'.'.repeat(0)}?${i}`,
      ),
    ];
    const { client } = await serveWith(many, home);
    const started = Date.now();
    const out = text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }));
    expect(out).toContain('A-OK');
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('a flood of roots/list_changed during a running call neither crashes nor moves the running call', async () => {
    const { home } = setup();
    const a = tempDir('handrail-serve-attack-a-');
    const b = tempDir('handrail-serve-attack-b-');
    writeFileSync(path.join(a, 'a.txt'), 'IN-A\n');
    writeFileSync(path.join(b, 'a.txt'), 'IN-B\n');
    const roots = [`file://${a}`];
    const { client, exited } = await serveWith(roots, home);
    expect(text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }))).toContain(
      'IN-A',
    );
    for (let i = 0; i < 500; i++) {
      roots[0] = i % 2 ? `file://${a}` : `file://${b}`;
      void client.sendRootsListChanged();
    }
    roots[0] = `file://${b}`;
    await client.sendRootsListChanged();
    await new Promise((r) => setTimeout(r, 1500));
    const out = text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }));
    expect(out).toContain('IN-B');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('running'), 100))]);
    expect(code).toBe('running');
  }, 60_000);
});
