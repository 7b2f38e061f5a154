// Several `handrail serve` processes on one workspace, as an ordinary user runs them (two MCP clients, an
// editor beside a CI job): the built CLI, one OS process each, real bwrap, real SQLite. Four serve 20 calls
// at once while a fifth, holding the same placeholders, is killed with SIGKILL in the middle of a command.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ChildTransport } from '../support/child-transport.js';
import { cliBin } from '../support/repo.js';
import { text } from '../support/results.js';
import { bwrapReady } from '../support/sandbox.js';
import { sharedTempDir } from '../support/temp.js';
import { asUser, isRoot, REAL_USER, TEST_UID, userEnv } from '../support/users.js';

const built = existsSync(cliBin);
if (!built) console.warn('dist/ is missing: run `npm run build` for the concurrent serve test.');
const user = REAL_USER ?? { uid: TEST_UID, gid: TEST_UID, home: '/' };
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** `handrail serve --root ws` as the user (when the tests run as root), with an MCP client on its pipes. */
async function serve(ws: string): Promise<{ client: Client; child: ChildProcess; stderr: () => string }> {
  const argv = [
    process.execPath,
    cliBin,
    'serve',
    '--root',
    ws,
    '--profile',
    'full_access',
    '--sandbox',
    'bwrap',
  ];
  const [command, ...rest] = isRoot ? asUser(user, argv) : argv;
  const child = spawn(command!, rest, {
    cwd: ws,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: isRoot ? userEnv(user) : { ...process.env },
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'concurrent', version: '1.0.0' });
  await client.connect(new ChildTransport(child));
  return { client, child, stderr: () => stderr };
}

/** One call: a protected file of its own below the top, then the attack on the top-level placeholders. */
async function attack(client: Client, id: number, i: number) {
  const dir = `d/p${id}-${i}`;
  const cmd = [
    `mkdir -p ${dir} && echo x > ${dir}/.envrc`,
    'sleep 2',
    '(rmdir .yarnrc.yml; echo x > .yarnrc.yml) 2>/dev/null && echo created-yarnrc',
    '(rmdir .envrc; echo x > .envrc) 2>/dev/null && echo created-envrc',
    'ls -a .handrail | tr "\\n" " "',
    'echo done',
  ].join('; ');
  const result = await client.callTool(
    { name: 'exec_command', arguments: { cmd, yield_time_ms: 60_000 } },
    undefined,
    { timeout: 120_000 },
  );
  return { dir, isError: result.isError === true, text: text(result as never) };
}

/** `handrail-run-<boot>.<pidns>.<pid>.<start>-XXXXXX` directories of one process (see run-dir.ts). */
function runDirsOf(pid: number): string[] {
  return readdirSync(os.tmpdir()).filter(
    (name) => name.startsWith('handrail-run-') && name.split('.')[2] === `${pid}`,
  );
}

describe.skipIf(!built || !bwrapReady)(
  'several handrail serve processes on one workspace, one killed',
  () => {
    it('4 × 20 concurrent calls all succeed and report their protected files; the killed one loses nobody a placeholder', async () => {
      const ws = sharedTempDir('handrail-serve-multi-');
      chmodSync(ws, 0o755);
      if (isRoot) execFileSync('chown', [`${user.uid}:${user.gid}`, ws]);

      // The one to be killed: a long command holds the top-level placeholders first.
      const doomed = await serve(ws);
      const long = doomed.client.callTool({
        name: 'exec_command',
        arguments: { cmd: 'sleep 60', yield_time_ms: 500 },
      });
      expect(text((await long) as never)).toMatch(/Process running with session ID/);
      expect(existsSync(path.join(ws, '.yarnrc.yml'))).toBe(true);

      const servers = await Promise.all([0, 1, 2, 3].map(() => serve(ws)));
      const calls = servers.flatMap((s, id) => Array.from({ length: 20 }, (_, i) => attack(s.client, id, i)));
      // Mid-command for all 80: the killed process's placeholders are the ones they share.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      doomed.child.kill('SIGKILL');
      const results = await Promise.all(calls);

      expect(results).toHaveLength(80);
      const shown = (r: (typeof results)[number]) => `${r.dir}: ${r.text}`;
      expect(results.filter((r) => r.isError || !r.text.includes('done')).map(shown)).toEqual([]);
      expect(results.filter((r) => /Read-only file system/.test(r.text)).map(shown)).toEqual([]);
      // Each call's own protected file is reported to it, whichever process ran it.
      expect(results.filter((r) => !r.text.includes(`${r.dir}/.envrc`)).map((r) => r.dir)).toEqual([]);
      // No call could remove a placeholder and create the name it held, before or after the kill.
      expect(results.filter((r) => /created-(yarnrc|envrc)/.test(r.text)).map((r) => r.dir)).toEqual([]);
      expect(results.filter((r) => r.text.includes('handrail.db')).map(shown)).toEqual([]);

      for (const s of servers) await s.client.close();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise((resolve) =>
              s.child.exitCode !== null ? resolve(0) : s.child.once('exit', resolve),
            ),
        ),
      );
      // The killed process's leases count as gone: its placeholders go with the last live holder's release,
      // its run directory when a process that started after the kill runs a command.
      const killed = doomed.child.pid!;
      const argv = [
        process.execPath,
        cliBin,
        'call',
        '--profile',
        'full_access',
        'exec_command',
        '{"cmd":"true"}',
      ];
      const [command, ...rest] = isRoot ? asUser(user, argv) : argv;
      const next = spawnSync(command!, rest, {
        cwd: ws,
        encoding: 'utf8',
        env: isRoot ? userEnv(user) : process.env,
      });
      expect(next.status).toBe(0);
      expect(readdirSync(ws).sort()).toEqual(['.handrail', 'd']);
      expect(runDirsOf(killed)).toEqual([]);

      // Every call is in the audit log, and the log is readable while nobody writes it.
      const logArgv = [process.execPath, cliBin, 'log', '--all', '--root', ws];
      const [logCommand, ...logRest] = isRoot ? asUser(user, logArgv) : logArgv;
      const log = spawnSync(logCommand!, logRest, {
        cwd: ws,
        encoding: 'utf8',
        env: { ...(isRoot ? userEnv(user) : process.env), NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(log.status).toBe(0);
      expect(log.stdout.match(/→ exec_command/g)?.length).toBeGreaterThanOrEqual(80);
    }, 120_000);
  },
);
