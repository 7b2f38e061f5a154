// Where agents run handrail: as root in a container on a root-owned workspace, and as an ordinary user on
// their own. Both through the built package (dist/) in a process of their own, as a user would run it; and
// the root-only parts of the view, with real bwrap.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBwrapBackend } from '../../../src/sandbox/backends/index.js';
import { clearRootOnlyCache, rootOnlyEntries } from '../../../src/sandbox/backends/system-view.js';
import { spawnPlanned } from '../../../src/sandbox/process/index.js';
import { pidsCgroupSupport } from '../../../src/sandbox/process/pids-cgroup.js';
import {
  bwrapBackend,
  eventually,
  isRoot,
  onCleanup,
  plan,
  run,
  TEST_UID,
  workspace,
} from '../process/helpers.js';

const hasBwrap = (await bwrapBackend()).status().state !== 'unavailable';
const dist = path.resolve(import.meta.dirname, '../../../dist/index.js');
const built = existsSync(dist);
if (!built) console.warn('where-it-runs.test.ts: dist/ is missing; run `npm run build` (npm test does).');

function tempDir(owner = 0, mode = 0o755, base = os.tmpdir()): string {
  const dir = realpathSync(mkdtempSync(path.join(base, 'handrail-where-')));
  chownSync(dir, owner, owner);
  chmodSync(dir, mode);
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One exec_command through the built runtime, in a node process of its own, as `uid` (0: root). */
function execInProcess(ws: string, cmd: string, uid: number, home: string): string {
  const script = `
    const { createRuntime, builtinTools } = await import(${JSON.stringify(dist)});
    const rt = createRuntime({ workspace: ${JSON.stringify(ws)}, tools: builtinTools(), profile: 'full_access',
      approver: () => ({ decision: 'allow_once' }), store: false,
      policyFiles: { user: null, managed: null, project: null } });
    const turn = rt.beginTurn();
    const r = await turn.call({ id: 'a', name: 'exec_command', arguments: { cmd: ${JSON.stringify(cmd)}, yield_time_ms: 60000 } });
    process.stdout.write(r.content.map((part) => part.text ?? '').join('\\n'));
    await rt.close();`;
  const node = [process.execPath, '--input-type=module', '-e', script];
  const argv = uid === 0 ? node : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', ...node];
  return execFileSync(argv[0]!, argv.slice(1), {
    cwd: ws,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8' },
  });
}

const EVERYDAY = [
  'touch made-by-command',
  'git init -q . && echo git-ok',
  'npm --version >/dev/null && echo npm-ok',
  'cat /etc/shadow >/dev/null 2>&1 && echo shadow-READ || echo shadow-closed',
  'ls /root >/dev/null 2>&1 && echo root-READ || echo root-closed',
  'grep -E "^Cap(Prm|Eff|Amb)" /proc/self/status | tr -s "\\t" " "',
  'echo "nproc:$(ulimit -u)"',
].join('; ');
const EVERYDAY_OUTPUT =
  /Output:\ngit-ok\nnpm-ok\nshadow-closed\nroot-closed\nCapPrm: 0{16}\nCapEff: 0{16}\nCapAmb: 0{16}\nnproc:512\n?$/;

describe.skipIf(!hasBwrap || !built || !isRoot)('where it runs: the everyday commands', () => {
  it('as root in a container, on a root-owned workspace: the workspace is writable, /etc/shadow is not readable', () => {
    const ws = tempDir(0, 0o755);
    const out = execInProcess(ws, EVERYDAY, 0, tempDir(0, 0o700));
    expect(out).toContain('Process exited with code 0');
    expect(out).not.toContain('Sandbox degraded');
    expect(out).toMatch(EVERYDAY_OUTPUT);
    expect(statSync(path.join(ws, 'made-by-command')).uid).toBe(0);
    expect(existsSync(path.join(ws, '.git/HEAD'))).toBe(true);
  });

  it('as an ordinary user on their own workspace: the same commands, the same result', () => {
    const ws = tempDir(TEST_UID, 0o700);
    const out = execInProcess(ws, EVERYDAY, TEST_UID, tempDir(TEST_UID, 0o700));
    expect(out).toContain('Process exited with code 0');
    expect(out).toMatch(EVERYDAY_OUTPUT);
    expect(statSync(path.join(ws, 'made-by-command')).uid).toBe(TEST_UID);
    expect(existsSync(path.join(ws, '.git/HEAD'))).toBe(true);
  });
});

describe.skipIf(!hasBwrap || !isRoot)('where it runs: what only root may read, outside the roots', () => {
  it('hides root-only files and directories of the view, keeps a root inside one reachable, and leaves the rest', async () => {
    // A host directory shown read-only, like /etc: a mix of what root alone, a user, and anyone may read.
    // (Not under /tmp, which the sandbox replaces with its own.)
    const shown = tempDir(0, 0o755, '/var/tmp');
    const file = (rel: string, mode: number, owner = 0, group = 0) => {
      const p = path.join(shown, rel);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, `secret ${rel}\n`);
      chownSync(p, owner, group);
      chmodSync(p, mode);
    };
    file('open.txt', 0o644);
    file('server.key', 0o600);
    file('group-zero.conf', 0o640, TEST_UID, 0);
    file('private/notes.txt', 0o644);
    chmodSync(path.join(shown, 'private'), 0o700);
    file('home/alice/id_rsa', 0o600, TEST_UID, TEST_UID);
    chownSync(path.join(shown, 'home/alice'), TEST_UID, TEST_UID);
    chmodSync(path.join(shown, 'home/alice'), 0o700);
    file('listonly/known.txt', 0o644);
    chmodSync(path.join(shown, 'listonly'), 0o711);
    // The workspace lies inside the root-only directory.
    const ws = path.join(shown, 'private/ws');
    mkdirSync(ws, { mode: 0o755 });

    const backend = createBwrapBackend({ readOnlyPaths: [shown] });
    const read = (rel: string) => `cat ${shown}/${rel} 2>/dev/null || echo "closed ${rel}"`;
    const cmd = [
      read('open.txt'),
      read('server.key'),
      read('group-zero.conf'),
      read('private/notes.txt'),
      read('home/alice/id_rsa'),
      read('listonly/known.txt'),
      `ls ${shown}/private`,
      'echo x > in-workspace && echo wrote',
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.plan.sandbox.identity?.mode).toBe('mapped-root');
    expect(r.stdout).toBe(
      [
        'secret open.txt',
        'closed server.key',
        'closed group-zero.conf',
        'closed private/notes.txt',
        // Another user's 0700 home: closed by the kernel, since uid 0 has no capabilities.
        'closed home/alice/id_rsa',
        'secret listonly/known.txt',
        // Around the way to the workspace, names stay listed; their content is hidden.
        'notes.txt',
        'ws',
        'wrote',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(ws, 'in-workspace'), 'utf8')).toBe('x\n');
  });

  it('finds the root-only files of the system view once, then answers from the cache', async () => {
    clearRootOnlyCache();
    const view = ['/usr', '/etc', '/opt'];
    const first = await rootOnlyEntries(view);
    expect(first.complete).toBe(true);
    expect(first.masks).toContainEqual({ path: '/etc/shadow', dir: false });
    expect(first.masks.some((mask) => mask.path.startsWith('/usr/bin/'))).toBe(false);
    // The very same answer: nothing was walked again.
    expect(await rootOnlyEntries(view)).toBe(first);
  });
});

describe.skipIf(!hasBwrap || !isRoot)('where it runs: an ordinary user owns the workspace', () => {
  it('runs as that user, not as uid 0, and needs no mask', async () => {
    const ws = workspace();
    const r = await run(ws, 'id -u; cat /etc/shadow 2>/dev/null || echo closed', {
      backend: await bwrapBackend(),
    });
    expect(r.stdout).toBe(`${TEST_UID}\nclosed\n`);
    expect(r.plan.sandbox.identity?.mode).toBe('owner');
  });
});

const cgroups = isRoot ? pidsCgroupSupport() : undefined;

describe.skipIf(!hasBwrap || !cgroups?.ok)(
  'where it runs: the process limit of a command run as root',
  () => {
    it('each command runs in a pids cgroup of its own, which is gone once the command has ended', async () => {
      if (!cgroups?.ok) return;
      const ws = workspace({ owner: 'root' });
      const planned = await plan(ws, { cmd: 'sleep 30' }, { backend: await bwrapBackend() });
      if (!planned.ok) throw new Error(planned.message);
      const handle = spawnPlanned(planned.plan, { graceMs: 100 });
      const ours = () =>
        readdirSync(cgroups.parent).filter((name) => statSync(path.join(cgroups.parent, name)).isDirectory());
      expect(await eventually(() => ours().length === 1)).toBe(true);
      const dir = path.join(cgroups.parent, ours()[0]!);
      expect(readFileSync(path.join(dir, 'pids.max'), 'utf8').trim()).toBe('512');
      // bwrap, its PID 1 and the shell's sleep, all inside before the command ran.
      expect(await eventually(() => Number(readFileSync(path.join(dir, 'pids.current'), 'utf8')) >= 3)).toBe(
        true,
      );
      await handle.kill();
      await handle.exit;
      expect(existsSync(dir)).toBe(false);
    });
  },
);
