// Who the tests run as. As root, test workspaces are given to TEST_UID: bwrap then runs commands as that
// ordinary user (the default for a workspace with a non-root owner), and the workspace stays writable.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readFileSync } from 'node:fs';
import { tempDir } from './temp.js';

export const isRoot = process.geteuid?.() === 0;

/** The uid test workspaces belong to when the tests run as root (no passwd entry needed). */
export const TEST_UID = 4242;

/** Give a path to TEST_UID when running as root. */
export function own(p: string): void {
  if (isRoot) chownSync(p, TEST_UID, TEST_UID);
}

/** Give a directory and everything below it to TEST_UID when running as root. */
export function ownAll(dir: string): void {
  if (isRoot) execFileSync('chown', ['-R', `${TEST_UID}:${TEST_UID}`, dir]);
}

/** A temporary directory (removed after the test) that belongs to TEST_UID when running as root. */
export function ownedTempDir(prefix = 'handrail-owned-'): string {
  const dir = tempDir(prefix);
  own(dir);
  return dir;
}

/** An account of this machine with a passwd entry and a home (cloudsdk, say), to run handrail as. */
export interface RealUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** The first ordinary account in /etc/passwd whose home exists, or undefined when there is none. */
export const REAL_USER: RealUser | undefined = (() => {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name = '', , uid = '', gid = '', , home = '', shell = ''] = line.split(':');
      const id = Number(uid);
      if (id >= 1000 && id < 60000 && existsSync(home) && !/nologin|false$/.test(shell))
        return { name, uid: id, gid: Number(gid), home };
    }
  } catch {
    // no /etc/passwd
  }
  return undefined;
})();

/** The argv that runs `argv` as the user, with their groups (handrail itself then runs as that user). */
export function asUser(user: Pick<RealUser, 'uid' | 'gid'> & { name?: string }, argv: string[]): string[] {
  const groups = user.name ? '--init-groups' : '--clear-groups';
  return ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, groups, ...argv];
}

/** A login-like environment for the user: their home, a system PATH, a UTF-8 locale. */
export function userEnv(user: Pick<RealUser, 'home'> & { name?: string }): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: user.home,
    LANG: 'C.UTF-8',
    ...(user.name ? { USER: user.name, LOGNAME: user.name } : {}),
  };
}
