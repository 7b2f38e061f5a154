// `handrail call` then `handrail log` in a fresh directory, as an ordinary user and as root: the built CLI,
// real bwrap, real SQLite.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBin } from '../support/repo.js';
import { bwrapReady } from '../support/sandbox.js';
import { sharedTempDir } from '../support/temp.js';
import { isRoot, own, TEST_UID } from '../support/users.js';

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
