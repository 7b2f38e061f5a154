// Real git for setting up test repositories on the host (not through handrail).
import { execFileSync } from 'node:child_process';

/** A fixed author and committer, and no system-wide configuration, so commits work on any machine. */
const GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

/**
 * Run `git args…` in `cwd` and return what it printed (it throws, with git's stderr, when git fails).
 * Any repository's owner is accepted (workspaces belong to the test user when the tests run as root), and a
 * submodule may be added from a local path.
 */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'safe.directory=*', '-c', 'protocol.file.allow=always', ...args], {
    cwd,
    env: GIT_ENV,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
