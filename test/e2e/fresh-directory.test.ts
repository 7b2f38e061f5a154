// `handrail call` then `handrail log` in a fresh directory, as an ordinary user and as root: the built CLI,
// real bwrap, real SQLite.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onCleanup } from '../support/cleanup.js';
import { cliBin } from '../support/repo.js';
import { bwrapReady } from '../support/sandbox.js';
import { sharedTempDir } from '../support/temp.js';
import { asUser, isRoot, own, REAL_USER, TEST_UID, userEnv } from '../support/users.js';

const built = existsSync(cliBin);
if (!built) console.warn('dist/ is missing: run `npm run build` for the fresh-directory test.');
function fresh(owner: 'user' | 'root'): string {
  const dir = sharedTempDir('handrail-fresh-');
  if (owner === 'user') own(dir);
  // A directory like any other: readable by everyone (whoever commands run as).
  chmodSync(dir, 0o755);
  return dir;
}

/** The CLI in `cwd`, as the ordinary user (when the tests run as root and `as` says so) or as ourselves. */
function handrail(cwd: string, as: 'user' | 'self', ...args: string[]) {
  const argv = [cliBin, ...args];
  const [command, ...rest] =
    as === 'user' && isRoot
      ? ['setpriv', `--reuid=${TEST_UID}`, `--regid=${TEST_UID}`, '--clear-groups', process.execPath, ...argv]
      : [process.execPath, ...argv];
  return spawnSync(command!, rest, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

function expectLogged(dir: string, as: 'user' | 'self'): void {
  const call = handrail(dir, as, 'call', 'exec_command', '{"cmd":"ls"}');
  expect(call.stderr).toBe('');
  expect(call.status).toBe(0);
  const log = handrail(dir, as, 'log');
  expect(log.status).toBe(0);
  expect(log.stdout).toContain('→ exec_command {"cmd":"ls"}');
  expect(log.stdout).toContain('✓ ok');
  // Private, never committed, and nothing else left in the directory.
  const state = path.join(dir, '.handrail');
  expect(statSync(state).mode & 0o777).toBe(0o700);
  expect(readFileSync(path.join(state, '.gitignore'), 'utf8')).toBe('*\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  expect(git(dir, 'status', '--porcelain')).toBe('');
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', `safe.directory=${dir}`, ...args], { cwd: dir, encoding: 'utf8' });
}

describe.skipIf(!built || !bwrapReady)('handrail call, then handrail log, in a fresh directory', () => {
  it('as an ordinary user: the call is in the log', () => {
    expectLogged(fresh('user'), 'user');
  }, 30_000);

  it.skipIf(!isRoot)(
    'as root in a root-owned directory: the call is in the log',
    () => {
      expectLogged(fresh('root'), 'self');
    },
    30_000,
  );
});

describe.skipIf(!built || !bwrapReady || !isRoot || !REAL_USER)(
  'a real account, in a new directory of its home',
  () => {
    it('handrail call, then handrail log: the call is there, the everyday commands run, nothing of root’s is readable', () => {
      const user = REAL_USER!;
      const dir = mkdtempSync(path.join(user.home, 'handrail-fresh-'));
      onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      chownSync(dir, user.uid, user.gid);
      const cli = (...args: string[]) => {
        const [command, ...rest] = asUser(user, [process.execPath, cliBin, ...args]);
        return spawnSync(command!, rest, {
          cwd: dir,
          encoding: 'utf8',
          env: { ...userEnv(user), NO_COLOR: '1' },
        });
      };
      const ls = cli('call', 'exec_command', '{"cmd":"ls"}');
      expect(ls.stderr).toBe('');
      expect(ls.status).toBe(0);
      const log = cli('log');
      expect(log.stdout).toContain('→ exec_command {"cmd":"ls"}');
      expect(log.stdout).toContain('✓ ok');

      const everyday = [
        'touch made && echo touched',
        'git init -q . && echo git-ok',
        'npm --version >/dev/null && echo npm-ok',
        'cat /etc/shadow >/dev/null 2>&1 && echo shadow-READ || echo shadow-closed',
        'ls /root >/dev/null 2>&1 && echo root-READ || echo root-closed',
        'grep -E "^Cap(Eff|Prm|Amb)" /proc/self/status | tr -s "\t" " "',
      ].join('; ');
      const ran = cli('call', '--profile', 'full_access', 'exec_command', JSON.stringify({ cmd: everyday }));
      expect(ran.status).toBe(0);
      expect(ran.stdout).toMatch(
        /Output:\ntouched\ngit-ok\nnpm-ok\nshadow-closed\nroot-closed\nCapPrm: 0{16}\nCapEff: 0{16}\nCapAmb: 0{16}\n?$/,
      );
      expect(statSync(path.join(dir, 'made')).uid).toBe(user.uid);
      // The audit database stays out of the repository: .handrail/ is private and ignores itself.
      expect(statSync(path.join(dir, '.handrail')).mode & 0o777).toBe(0o700);
      expect(readFileSync(path.join(dir, '.handrail/.gitignore'), 'utf8')).toBe('*\n');
      const [git, ...gitArgs] = asUser(user, ['git', 'add', '-A']);
      execFileSync(git!, gitArgs, { cwd: dir, env: userEnv(user) });
      const [status, ...statusArgs] = asUser(user, ['git', 'status', '--porcelain']);
      expect(execFileSync(status!, statusArgs, { cwd: dir, env: userEnv(user), encoding: 'utf8' })).toBe(
        'A  made\n',
      );
      expect(readdirSync(dir).sort()).toEqual(['.git', '.handrail', 'made']);
    }, 60_000);
  },
);
