import { existsSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNoneBackend, unavailableBackend } from '../../../src/sandbox/backends/index.js';
import { isWithin } from '../../../src/sandbox/path-syntax.js';
import { spawnPlanned } from '../../../src/sandbox/process/index.js';
import { plan, run, workspace } from './helpers.js';

const none = createNoneBackend();

async function ok(
  ws: string,
  input: Parameters<typeof plan>[1],
  opts: Partial<Parameters<typeof plan>[2]> = {},
) {
  const result = await plan(ws, input, { backend: none, ...opts });
  if (!result.ok) throw new Error(result.message);
  return result.plan;
}

describe('buildProcessSpawnPlan: refusals', () => {
  it('refuses an empty command', async () => {
    const ws = workspace();
    expect(await plan(ws, { cmd: '  ' }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'invalid_arguments',
      message: 'The command is empty; give the shell command to run.',
    });
  });

  it('refuses an unknown shell, naming the ones it knows', async () => {
    const ws = workspace();
    expect(await plan(ws, { cmd: 'ls', shell: 'fish' }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'invalid_arguments',
      message: 'Unknown shell "fish": use one of bash, sh, dash, zsh (the default is bash).',
    });
    expect(await plan(ws, { cmd: 'ls', shell: '/tmp/evil/bash' }, { backend: none })).toMatchObject({
      ok: false,
      message: 'Unknown shell "/tmp/evil/bash": use one of bash, sh, dash, zsh (the default is bash).',
    });
  });

  it('refuses dangerous and secret-looking variables with one exact message', async () => {
    const ws = workspace();
    const result = await plan(
      ws,
      { cmd: 'env', env: { OK: '1', GITHUB_TOKEN: 'ghp_x', LD_PRELOAD: '/x.so', GIT_SSH_COMMAND: 'evil' } },
      { backend: none },
    );
    expect(result).toEqual({
      ok: false,
      errorClass: 'invalid_arguments',
      message:
        'Refused environment variables: GITHUB_TOKEN (looks like a secret; commands never receive secrets); LD_PRELOAD (makes programs load other code); GIT_SSH_COMMAND (makes git run other programs or read other configuration). Remove them and run the command again.',
    });
  });

  it('refuses PATH and HOME from the model', async () => {
    const ws = workspace();
    expect(await plan(ws, { cmd: 'env', env: { PATH: '/tmp/evil' } }, { backend: none })).toMatchObject({
      message:
        'Refused environment variable: PATH (is set by the sandbox). Remove it and run the command again.',
    });
  });

  it('refuses an env that is not an object', async () => {
    const ws = workspace();
    expect(await plan(ws, { cmd: 'env', env: 'A=1' as never }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'invalid_arguments',
      message: 'env must be an object mapping variable names to string values.',
    });
  });

  it('refuses a working directory outside the roots with the policy message', async () => {
    const ws = workspace();
    const result = await plan(ws, { cmd: 'ls', workdir: '/etc' }, { backend: none });
    expect(result).toMatchObject({ ok: false, errorClass: 'sandbox_violation' });
    expect(!result.ok && result.message).toBe(
      `Cannot read /etc: it is outside the readable roots (${ws}). Current directory: ${ws}.`,
    );
  });

  it('refuses a working directory reached through a symlink out of the roots', async () => {
    const ws = workspace();
    symlinkSync('/etc', path.join(ws, 'link'));
    const result = await plan(ws, { cmd: 'ls', workdir: 'link' }, { backend: none });
    expect(result).toMatchObject({ ok: false, errorClass: 'sandbox_violation' });
    expect(!result.ok && result.message).toContain('symbolic link');
  });

  it('refuses a working directory that is a file, or missing', async () => {
    const ws = workspace();
    writeFileSync(path.join(ws, 'f.txt'), 'x');
    expect(await plan(ws, { cmd: 'ls', workdir: 'f.txt' }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'sandbox_violation',
      message: 'Cannot read f.txt: it is a file, not a directory.',
    });
    expect(await plan(ws, { cmd: 'ls', workdir: 'nope' }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'not_found',
      message: 'The working directory nope does not exist.',
    });
  });

  it('refuses a timeout that is not a positive number', async () => {
    const ws = workspace();
    expect(await plan(ws, { cmd: 'ls', timeoutMs: -5 }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'invalid_arguments',
      message: 'The timeout must be a positive number of milliseconds, not -5.',
    });
  });

  it('refuses every command when the backend is unavailable, and creates nothing', async () => {
    const ws = workspace();
    const reason =
      "No OS sandbox is available, so commands are refused: bwrap is not installed (install the bubblewrap package). Install bubblewrap (and allow unprivileged user namespaces), or choose sandbox 'none' to run commands without one.";
    expect(await plan(ws, { cmd: 'ls' }, { backend: unavailableBackend(reason) })).toEqual({
      ok: false,
      errorClass: 'permission_denied',
      message: reason,
    });
  });
});

describe('buildProcessSpawnPlan: the plan', () => {
  it('runs bash without startup files, with stdin closed, the default timeout and the none marker', async () => {
    const ws = workspace();
    const p = await ok(ws, { cmd: 'echo hi' });
    // The shell from the system directories, never from the command's PATH.
    const bash = expect.stringMatching(/^\/(usr\/)?(local\/)?bin\/bash$/);
    expect(p.command.argv).toEqual([bash, '--norc', '--noprofile', '-c', 'echo hi']);
    expect(p.argv.slice(-5)).toEqual([bash, '--norc', '--noprofile', '-c', 'echo hi']);
    expect(p.stdin).toBe('closed');
    expect(p.timeoutMs).toBe(60_000);
    expect(p.cwd).toBe(ws);
    expect(p.sandbox).toMatchObject({ backend: 'none', unsandboxed: true });
    expect(p.sandbox.notes).toContain('This command ran without an OS sandbox (sandbox: none).');
  });

  it('uses each shell with its own no-startup-file flags', async () => {
    const ws = workspace();
    const at = (name: string) => expect.stringMatching(new RegExp(`^/(usr/)?(local/)?bin/${name}$`));
    expect((await ok(ws, { cmd: 'x', shell: 'sh' })).command.argv).toEqual([at('sh'), '-c', 'x']);
    expect((await ok(ws, { cmd: 'x', shell: '/bin/dash' })).command.argv).toEqual(['/bin/dash', '-c', 'x']);
    expect((await ok(ws, { cmd: 'x', shell: 'zsh' })).command.argv).toEqual([at('zsh'), '-f', '-c', 'x']);
    expect((await ok(ws, { cmd: 'x', shell: '/usr/bin/bash' })).command.argv[1]).toBe('--norc');
  });

  it('caps the timeout at the profile cap and says so', async () => {
    const ws = workspace();
    const p = await ok(ws, { cmd: 'x', timeoutMs: 3_600_000 });
    expect(p.timeoutMs).toBe(600_000);
    expect(p.notes).toEqual([
      'The timeout of 3600000 ms was capped at 600000 ms, the longest this profile allows.',
    ]);
    const q = await ok(ws, { cmd: 'x', timeoutMs: 5000 }, { profile: { timeoutCapMs: 2000 } });
    expect(q.timeoutMs).toBe(2000);
    expect((await ok(ws, { cmd: 'x' }, { profile: { timeoutDefaultMs: 1234 } })).timeoutMs).toBe(1234);
  });

  it('opens stdin for sessions and terminals', async () => {
    const ws = workspace();
    expect((await ok(ws, { cmd: 'x', stdin: 'pipe' })).stdin).toBe('pipe');
    const tty = await ok(ws, { cmd: 'x', tty: true });
    expect(tty.stdin).toBe('pipe');
    expect(tty.command.env.TERM).not.toBe('dumb');
    expect(tty.command.env.PAGER).toBeUndefined();
  });

  it('resolves the working directory against the cwd', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws, 'sub'));
    const p = await ok(ws, { cmd: 'pwd', workdir: 'sub' });
    expect(p.cwd).toBe(path.join(ws, 'sub'));
  });

  it('gives a fresh HOME outside the writable roots (0700) that cleanup removes', async () => {
    const ws = workspace();
    const p = await ok(ws, { cmd: 'x' });
    const home = p.command.env.HOME!;
    expect(isWithin(home, ws)).toBe(false);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(path.dirname(home)).mode & 0o777).toBe(0o700);
    expect(existsSync(p.command.env.TMPDIR!)).toBe(true);
    await p.cleanup();
    expect(existsSync(path.dirname(home))).toBe(false);
    await p.cleanup();
  });

  it('passes no host secret to the command and refuses none of the allowlist', async () => {
    const ws = workspace();
    const p = await ok(
      ws,
      { cmd: 'env' },
      { hostEnv: { PATH: '/usr/bin:/bin', GITHUB_TOKEN: 'ghp_host_secret', LC_ALL: 'C', USER: 'me' } },
    );
    expect(Object.keys(p.env).sort()).toEqual(
      ['GIT_PAGER', 'HANDRAIL_RUN', 'HOME', 'LC_ALL', 'NO_COLOR', 'PAGER', 'PATH', 'TERM', 'TMPDIR'].sort(),
    );
  });
});

describe('none backend', () => {
  it('runs the command directly, says so, and applies the limits that need no namespace', async () => {
    const ws = workspace();
    const r = await run(ws, 'ulimit -c; ulimit -f; pwd; echo "$TERM $NO_COLOR $PAGER $GIT_PAGER"', {
      backend: none,
    });
    expect(r.exit).toMatchObject({ code: 0, unsandboxed: true, timedOut: false, killed: false });
    expect(r.stdout).toBe(`0\n${(4 * 1024 ** 3) / 1024}\n${ws}\ndumb 1 cat cat\n`);
  });

  it('reports a non-zero exit code and stderr', async () => {
    const ws = workspace();
    const r = await run(ws, 'echo oops >&2; exit 3', { backend: none });
    expect(r.exit.code).toBe(3);
    expect(r.stderr).toBe('oops\n');
  });

  it('feeds stdin when piped and gives /dev/null otherwise', async () => {
    const ws = workspace();
    expect((await run(ws, 'cat; echo done', { backend: none })).stdout).toBe('done\n');
    const p = await ok(ws, { cmd: 'tr a-z A-Z', stdin: 'pipe' });
    let out = '';
    const handle = spawnPlanned(p, { onStdout: (chunk) => (out += chunk.toString()) });
    handle.stdin!.end('piped text\n');
    expect((await handle.exit).code).toBe(0);
    expect(out).toBe('PIPED TEXT\n');
  });
});
