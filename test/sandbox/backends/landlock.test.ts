// The Landlock backend, for real: what a command may write, read and reach, the protected paths, the
// network, killing what a command leaves running, `auto` falling back to it, and who commands run as.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellTools } from '../../../src/index.js';
import {
  clearBackendProbes,
  createLandlockBackend,
  DEFAULT_LANDLOCK_HELPER,
  landlockSupport,
  selectBackend,
} from '../../../src/sandbox/backends/index.js';
import { compileRules, READ, serializeRules, WRITE } from '../../../src/sandbox/backends/landlock-rules.js';
import { processesRunning } from '../../support/processes.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { shellRuntime } from '../../tools/shell/helpers.js';
import { isRoot, onCleanup, own, plan, run, TEST_UID, workspace } from '../process/helpers.js';

const dist = path.resolve(import.meta.dirname, '../../../dist');
const builtWithLandlock = existsSync(path.join(dist, 'sandbox/backends/landlock.js'));

const support = landlockSupport(DEFAULT_LANDLOCK_HELPER);
const ready = createLandlockBackend().status().state !== 'unavailable';
if (!ready) console.warn(`landlock.test.ts: Landlock is unavailable here: ${support.unavailable ?? 'ABI 0'}`);
const backend = createLandlockBackend();

/** A directory outside every root, with a file in it. */
function elsewhere(): { dir: string; file: string } {
  const dir = workspace({ owner: 'root' });
  chmodSync(dir, 0o755);
  const file = path.join(dir, 'secret.txt');
  writeFileSync(path.join(dir, 'secret.txt'), 'outside\n', { mode: 0o644 });
  return { dir, file };
}

/** A workspace with a repository, a file at the top and a subdirectory, owned by the test user. */
function repo(opts: { owner?: 'root' } = {}): string {
  const ws = workspace(opts);
  mkdirSync(path.join(ws, '.git/hooks'), { recursive: true });
  writeFileSync(path.join(ws, '.git/config'), '[core]\n');
  mkdirSync(path.join(ws, 'src'));
  writeFileSync(path.join(ws, 'README.md'), 'readme\n');
  if (opts.owner !== 'root') {
    for (const p of ['.git', '.git/hooks', '.git/config', 'src', 'README.md']) own(path.join(ws, p));
  }
  return ws;
}

describe.skipIf(!ready)('the Landlock backend', () => {
  it('writes inside a writable root and its run directory, never outside; reads nothing outside the roots and the system', async () => {
    const ws = repo();
    const other = elsewhere();
    const r = await run(
      ws,
      [
        'echo a > src/a.txt && echo root-write-ok',
        'echo b >> README.md && echo top-file-ok',
        'echo h > "$HOME/h" && echo t > "$TMPDIR/t" && echo home-ok',
        `echo x > ${other.dir}/x 2>/dev/null || echo outside-write-denied`,
        `cat ${other.file} 2>/dev/null || echo outside-read-denied`,
        'ls /root >/dev/null 2>&1 || echo root-home-denied',
        'echo x > /tmp/handrail-landlock-probe 2>/dev/null || echo tmp-denied',
        'cat /etc/hostname >/dev/null && echo system-read-ok',
      ].join('; '),
      { backend },
    );
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'root-write-ok',
      'top-file-ok',
      'home-ok',
      'outside-write-denied',
      'outside-read-denied',
      'root-home-denied',
      'tmp-denied',
      'system-read-ok',
    ]);
    expect(readFileSync(path.join(ws, 'src/a.txt'), 'utf8')).toBe('a\n');
    expect(existsSync(path.join(other.dir, 'x'))).toBe(false);
    expect(existsSync('/tmp/handrail-landlock-probe')).toBe(false);
    expect(r.exit.sandbox).toMatchObject({ backend: 'landlock', unsandboxed: false });
  });

  it('keeps protected paths read-only: .git and its hooks, and missing names at the top of a root', async () => {
    const ws = repo();
    const r = await run(
      ws,
      [
        'echo x >> .git/config 2>/dev/null || echo config-denied',
        'echo "#!/bin/sh" > .git/hooks/pre-commit 2>/dev/null || echo hook-denied',
        'echo x > .envrc 2>/dev/null || echo envrc-denied',
        'mkdir .vscode 2>/dev/null || echo vscode-denied',
        'mkdir -p src/sub && echo deeper-ok',
      ].join('; '),
      { backend },
    );
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'config-denied',
      'hook-denied',
      'envrc-denied',
      'vscode-denied',
      'deeper-ok',
    ]);
    expect(readFileSync(path.join(ws, '.git/config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(path.join(ws, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(path.join(ws, '.envrc'))).toBe(false);
    // The price, said in the result: nothing can be created directly at the top of the root.
    expect(r.plan.sandbox.notes.join('\n')).toContain(
      `no entry can be created, removed or renamed directly in ${ws}`,
    );
  });

  it('reports a protected path the command created below the top, as bwrap does', async () => {
    const ws = repo();
    const r = await run(ws, 'echo x > src/.envrc', { backend });
    expect(r.exit.code).toBe(0);
    expect(r.exit.notes.join('\n')).toContain('src/.envrc');
  });

  it('closes deny-read paths and handrail’s audit database; the rest of the state directory stays readable', async () => {
    const ws = repo();
    writeFileSync(path.join(ws, 'src/key.pem'), 'key\n');
    const state = path.join(ws, '.handrail');
    mkdirSync(path.join(state, 'outputs'), { recursive: true });
    writeFileSync(path.join(state, 'handrail.db'), 'db');
    writeFileSync(path.join(state, 'outputs/o1.txt'), 'saved\n');
    const r = await run(
      ws,
      [
        'cat src/key.pem 2>/dev/null || echo pem-denied',
        'cat .handrail/handrail.db 2>/dev/null || echo db-denied',
        'cat .handrail/outputs/o1.txt',
        'echo x > .handrail/outputs/o2.txt 2>/dev/null || echo state-read-only',
      ].join('; '),
      { backend, denyRead: ['**/*.pem', path.join(state, 'handrail.db')], stateDir: state },
    );
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'pem-denied',
      'db-denied',
      'saved',
      'state-read-only',
    ]);
  });

  it.skipIf(support.abi < 4 && !support.seccomp)(
    'denies the network unless the profile allows it',
    async () => {
      const server = net.createServer((socket) => socket.end('hello\n'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
      const port = (server.address() as net.AddressInfo).port;
      const connect = `exec 3<>/dev/tcp/127.0.0.1/${port} 2>/dev/null && head -1 <&3 || echo connect-denied`;
      const denied = await run(repo(), connect, { backend });
      expect(denied.stdout.trim()).toBe('connect-denied');
      const allowed = await run(repo(), connect, { backend, profile: { network: true } });
      expect(allowed.stdout.trim()).toBe('hello');
      // Unix sockets reach services outside the sandbox (the D-Bus session bus, docker.sock): never.
      const unix = await run(
        repo(),
        `/usr/bin/python3 -c 'import socket; socket.socket(socket.AF_UNIX)' 2>/dev/null || echo unix-denied`,
        { backend, profile: { network: true } },
      );
      expect(unix.stdout.trim()).toBe('unix-denied');
    },
  );

  it('kills what the command leaves running: background jobs and daemons that left its session', async () => {
    const marker = `3${Date.now() % 100000}.25`;
    const r = await run(repo(), `(sleep ${marker} &); setsid sleep ${marker} & echo started`, { backend });
    expect(r.stdout.trim()).toBe('started');
    expect(processesRunning(`sleep ${marker}`)).toEqual([]);
  });

  it('a timeout kills the whole tree', async () => {
    const marker = `4${Date.now() % 100000}.5`;
    const started = Date.now();
    const r = await run(
      repo(),
      { cmd: `setsid sleep ${marker} & sleep ${marker}`, timeoutMs: 500 },
      { backend },
    );
    expect(r.exit.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(processesRunning(`sleep ${marker}`)).toEqual([]);
  });
});

describe.skipIf(!ready)('choosing Landlock', () => {
  it("'auto' falls back to Landlock when bwrap cannot run, and its status says why", async () => {
    clearBackendProbes();
    const chosen = await selectBackend('auto', { bwrap: { bwrapPath: '/nonexistent/bwrap' } });
    expect(chosen.name).toBe('landlock');
    expect(chosen.status().reason).toContain(
      'bwrap cannot run here: bwrap is not an executable program at /nonexistent/bwrap.',
    );
    const r = await run(repo(), 'echo ran', { backend: chosen });
    expect(r.stdout).toBe('ran\n');
    expect(r.exit.sandbox.backend).toBe('landlock');
  });

  it("'auto' refuses with both reasons when neither bwrap nor Landlock can run", async () => {
    const chosen = await selectBackend('auto', {
      bwrap: { bwrapPath: '/nonexistent/bwrap' },
      landlock: { helperPath: '/nonexistent/handrail-landlock' },
    });
    const reason = chosen.status().reason ?? '';
    expect(chosen.status().state).toBe('unavailable');
    expect(reason).toMatch(
      /^No OS sandbox is available, so commands are refused: bwrap is not an executable/,
    );
    expect(reason).toContain(
      'Landlock: the Landlock helper is missing: /nonexistent/handrail-landlock does not exist',
    );
    expect(await plan(repo(), { cmd: 'echo hi' }, { backend: chosen })).toMatchObject({
      ok: false,
      errorClass: 'permission_denied',
      message: reason,
    });
  });

  it("'landlock' is required when chosen: a missing helper refuses every command", async () => {
    const chosen = await selectBackend('landlock', {
      landlock: { helperPath: '/nonexistent/handrail-landlock' },
    });
    expect(chosen.name).toBe('landlock');
    expect(chosen.status().reason).toMatch(
      /^The Landlock sandbox this profile requires is unavailable, so commands are refused: the Landlock helper is missing/,
    );
  });

  it("'landlock' runs commands once a probe ran one", async () => {
    const chosen = await selectBackend('landlock');
    expect(chosen.name).toBe('landlock');
    expect(['ready', 'degraded']).toContain(chosen.status().state);
  });
});

describe.skipIf(!ready || !isRoot)('Landlock when handrail is root', () => {
  it('runs commands as the owner of the writable roots', async () => {
    const r = await run(repo(), 'id -u; touch src/made', { backend });
    expect(r.stdout.trim()).toBe(String(TEST_UID));
    expect(r.exit.sandbox.identity).toMatchObject({ mode: 'owner', uid: TEST_UID });
  });

  it('on a root-owned workspace: uid 0 without capabilities, root-only files closed, and the result says what is not', async () => {
    const ws = repo({ owner: 'root' });
    const r = await run(
      ws,
      [
        'id -u',
        'grep CapEff /proc/self/status',
        'cat /etc/shadow >/dev/null 2>&1 || echo shadow-closed',
        'echo x > src/by-root && echo root-write-ok',
        'chmod u+s src/by-root 2>/dev/null || echo setuid-denied',
        'kill -0 1 2>/dev/null || echo signal-denied',
      ].join('; '),
      { backend },
    );
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      '0',
      'CapEff:\t0000000000000000',
      'shadow-closed',
      'root-write-ok',
      'setuid-denied',
      ...(support.abi >= 6 ? ['signal-denied'] : []),
    ]);
    expect(statSync(path.join(ws, 'src/by-root')).mode & 0o4000).toBe(0);
    expect(r.exit.sandbox.identity).toMatchObject({ mode: 'mapped-root', uid: 0 });
    expect(r.exit.sandbox.degraded).toContain('Commands run as uid 0 without capabilities');
  });

  it('runAs { uid, gid } runs commands as that user', async () => {
    const ws = workspace();
    chmodSync(ws, 0o777);
    const r = await run(ws, 'id -u; id -g', {
      backend: createLandlockBackend({ runAs: { uid: 4343, gid: 4344 } }),
    });
    expect(r.stdout).toBe('4343\n4344\n');
  });

  it('the shell tools take the backend and runAs: shellTools({ sandbox, runAs }) and createRuntime({ sandbox, runAs })', async () => {
    const ws = workspace();
    chmodSync(ws, 0o777);
    const cmd = { cmd: 'id -u', yield_time_ms: 30_000 };
    const viaTools = shellRuntime({
      workspace: ws,
      tools: shellTools({ sandbox: 'landlock', runAs: { uid: 4343, gid: 4343 } }),
    });
    const first = text(await viaTools.beginTurn().call(call('exec_command', cmd)));
    expect(first).toMatch(/Output:\n4343\n?$/);
    const viaRuntime = shellRuntime({ workspace: ws, sandbox: 'landlock', runAs: { uid: 4344, gid: 4344 } });
    const second = text(await viaRuntime.beginTurn().call(call('exec_command', cmd)));
    expect(second).toMatch(/Output:\n4344\n?$/);
  });

  it('the helper confines an ordinary user: Landlock, seccomp and the process limit need no privilege', () => {
    // handrail itself as an ordinary user: the helper is run exactly as the backend runs it then.
    const ws = repo();
    const other = elsewhere();
    const rulesFile = path.join(ws, 'src/rules');
    const { rules } = compileRules([
      { path: '/usr', access: READ },
      { path: '/etc', access: READ },
      { path: '/proc', access: READ },
      { path: '/dev/null', access: WRITE },
      { path: ws, access: WRITE },
      { path: path.join(ws, '.git'), access: READ },
    ]);
    writeFileSync(rulesFile, serializeRules(rules));
    const script = [
      'echo x > src/ok && echo write-ok',
      '(echo x > .git/hooks/h) 2>/dev/null || echo hook-denied',
      `cat ${other.file} 2>/dev/null || echo outside-denied`,
      '(exec 3<>/dev/tcp/127.0.0.1/9) 2>/dev/null || echo net-denied',
      'echo "nproc:$(ulimit -u)"',
      'id -u',
    ].join('; ');
    const out = execFileSync(
      'setpriv',
      [
        `--reuid=${TEST_UID}`,
        `--regid=${TEST_UID}`,
        '--clear-groups',
        DEFAULT_LANDLOCK_HELPER,
        '--rules',
        rulesFile,
        '--deny-net',
        '--nproc',
        '64',
        '--',
        '/usr/bin/bash',
        '-c',
        script,
      ],
      { cwd: ws, encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } },
    );
    const lines = out.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual(['write-ok', 'hook-denied', 'outside-denied', 'net-denied']);
    // RLIMIT_NPROC counts all of the user's tasks: 64 more than it runs — and other test files running
    // commands as the same uid at this moment count too, so the bound above is loose (the default is far
    // higher, or unlimited).
    const nproc = Number(lines[4]?.replace('nproc:', ''));
    expect(nproc).toBeGreaterThanOrEqual(64);
    expect(nproc).toBeLessThan(64 + 512);
    expect(lines[5]).toBe(String(TEST_UID));
  });
});

/** One exec_command through the built runtime with `sandbox: 'landlock'`, in a node process of its own, as `uid`. */
function execInProcess(ws: string, cmd: string, uid: number): string {
  const script = `
    const { createRuntime, builtinTools } = await import(${JSON.stringify(path.join(dist, 'index.js'))});
    const rt = createRuntime({ workspace: ${JSON.stringify(ws)}, tools: builtinTools(), profile: 'full_access',
      sandbox: 'landlock', approver: () => ({ decision: 'allow_once' }), store: false,
      policyFiles: { user: null, managed: null, project: null } });
    const turn = rt.beginTurn();
    const r = await turn.call({ id: 'a', name: 'exec_command', arguments: { cmd: ${JSON.stringify(cmd)}, yield_time_ms: 60000 } });
    process.stdout.write(r.content.map((part) => part.text ?? '').join('\\n'));
    await rt.close();`;
  const node = [process.execPath, '--input-type=module', '-e', script];
  const argv = uid === 0 ? node : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', ...node];
  const home = workspace({ owner: uid === 0 ? 'root' : 'test' });
  return execFileSync(argv[0]!, argv.slice(1), {
    cwd: ws,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8' },
  });
}

const EVERYDAY = [
  'id -u',
  'touch src/made && echo made',
  'cat /etc/shadow >/dev/null 2>&1 || echo shadow-closed',
  'npm --version >/dev/null && echo npm-ok',
  'node -e "console.log(6 * 7)"',
].join('; ');

describe.skipIf(!ready || !isRoot || !builtWithLandlock)('Landlock through the built package', () => {
  it('as an ordinary user: the everyday commands run, /etc/shadow stays closed', () => {
    const ws = repo();
    const out = execInProcess(ws, EVERYDAY, TEST_UID);
    expect(out).toContain('Process exited with code 0');
    expect(out).toMatch(new RegExp(`Output:\\n${TEST_UID}\\nmade\\nshadow-closed\\nnpm-ok\\n42\\n?$`));
    expect(statSync(path.join(ws, 'src/made')).uid).toBe(TEST_UID);
  });

  it('as root on a root-owned workspace: the same, as uid 0 without capabilities, and degraded says so', () => {
    const ws = repo({ owner: 'root' });
    const out = execInProcess(ws, EVERYDAY, 0);
    expect(out).toContain('Process exited with code 0');
    expect(out).toContain('Sandbox degraded: Commands run as uid 0 without capabilities');
    expect(out).toMatch(/Output:\n0\nmade\nshadow-closed\nnpm-ok\n42\n?$/);
  });
});
