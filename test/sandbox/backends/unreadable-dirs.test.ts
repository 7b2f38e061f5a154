// Directories the policy walk cannot read: it must never treat them as empty. A command can make its own
// directory unlistable (chmod 300: entered, not listed) and then open a denied file in it by name, or make a
// path longer than the system lets anyone open and hide a deny-read match or a protected file below it.
// Real bwrap and Landlock; the unlistable case runs handrail as an ordinary user (root lists everything).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createBwrapBackend,
  createLandlockBackend,
  DEFAULT_LANDLOCK_HELPER,
  landlockSupport,
} from '../../../src/sandbox/backends/index.js';
import type { SandboxBackend } from '../../../src/sandbox/process/backend-types.js';
import { repoRoot } from '../../support/repo.js';
import { asUser, isRoot, REAL_USER, userEnv } from '../../support/users.js';
import { bwrapBackend, onCleanup, own, plan, run, TEST_UID, workspace } from '../process/helpers.js';

const bwrap = await bwrapBackend();
const landlock = createLandlockBackend();
const backends = [bwrap, landlock].filter((b) => b.status().state !== 'unavailable');
const dist = path.join(repoRoot, 'dist');
const worker = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'calls-worker.mjs');
const built = existsSync(path.join(dist, 'index.js'));
if (landlockSupport(DEFAULT_LANDLOCK_HELPER).abi < 1)
  console.warn('unreadable-dirs: Landlock is unavailable');

/** 25 directories of 200 characters: 5,000 bytes below the workspace, past PATH_MAX (4,096). */
const LONG = Array.from({ length: 25 }, () => 'n'.repeat(200)).join('/');

/** Make the deep path (with `mkdir -p` one level at a time: no single path handed to the kernel is long). */
function deepTree(ws: string, files: Record<string, string>): void {
  const writes = Object.entries(files)
    .map(([name, text]) => `printf %s '${text}' > ${name}`)
    .join('; ');
  execFileSync('sh', [
    '-c',
    `cd "$1" && for i in $(seq 1 25); do mkdir ${'n'.repeat(200)}; cd ${'n'.repeat(200)}; done; ${writes}`,
    'sh',
    ws,
  ]);
  // Removed by a shell too: rm -rf itself walks by descriptor, the test's cleanup by path.
  onCleanup(() => void execFileSync('rm', ['-rf', path.join(ws, 'n'.repeat(200))]));
}

describe.each(backends.map((b) => [b.name, b] as const))('a path too long to open (%s)', (_name, backend) => {
  it('a command is refused, with the reason, when a deny-read match could lie below it', async () => {
    const ws = workspace();
    deepTree(ws, { 'key.pem': 'pem-deep-secret', '.envrc': 'export X=1' });
    const result = await plan(ws, { cmd: `cd ${LONG} && cat key.pem` }, { backend, denyRead: ['**/*.pem'] });
    expect(result).toMatchObject({
      ok: false,
      errorClass: 'permission_denied',
      message: expect.stringMatching(
        /^The sandbox cannot enforce the deny-read and protected paths: .*….* \(a path of \d+ bytes\) cannot be read \(ENAMETOOLONG\), so nothing below it can be checked\./,
      ),
    });
  });

  it('a command that makes one says that what it created there could not be checked', async () => {
    const ws = workspace();
    const step = 'n'.repeat(200);
    // In a directory below the top (Landlock keeps the top of a root closed to new entries).
    mkdirSync(path.join(ws, 'd'));
    own(path.join(ws, 'd'));
    const r = await run(
      ws,
      `cd d && for i in $(seq 1 25); do mkdir ${step} && cd ${step}; done; echo x > .envrc; echo made`,
      { backend },
    );
    onCleanup(() => void execFileSync('rm', ['-rf', path.join(ws, 'd')]));
    expect(r.stdout).toBe('made\n');
    expect(r.exit.notes.join('\n')).toMatch(
      /Could not check everything the command left for protected paths \(\.envrc, \.git, …\) it created: .*cannot be read \(ENAMETOOLONG\)/,
    );
  });
});

describe.each(backends.map((b) => [b.name, b] as const))('the audit after a command (%s)', (_name, given) => {
  it('says when the roots grew past what it walks, instead of missing what the command created', async () => {
    const backend: SandboxBackend =
      given.name === 'bwrap'
        ? createBwrapBackend({ maxScanEntries: 300 })
        : createLandlockBackend({ maxScanEntries: 300 });
    const ws = workspace();
    mkdirSync(path.join(ws, 'a'));
    own(path.join(ws, 'a'));
    const r = await run(
      ws,
      'cd a && mkdir b && touch $(seq -f "f%g" 1 400) && echo x > b/.envrc && echo done',
      {
        backend,
      },
    );
    expect(r.stdout).toBe('done\n');
    expect(r.exit.notes.join('\n')).toContain(
      'Could not check everything the command left for protected paths (.envrc, .git, …) it created: the roots now hold more than 300 entries.',
    );
  });
});

/** Runs commands in a handrail process of its own, as `user`, through the built package. */
function callsAs(
  user: { uid: number; gid: number; home: string; name?: string },
  ws: string,
  options: Record<string, unknown>,
  ...commands: string[]
): Array<{ isError: boolean; text: string }> {
  const argv = asUser(user, [process.execPath, worker, dist, ws, JSON.stringify(options), ...commands]);
  const out = execFileSync(argv[0]!, argv.slice(1), {
    cwd: ws,
    encoding: 'utf8',
    env: userEnv(user),
    timeout: 60_000,
  });
  return JSON.parse(out) as Array<{ isError: boolean; text: string }>;
}

const user = REAL_USER ?? { uid: TEST_UID, gid: TEST_UID, home: '/' };

describe.skipIf(!built || !isRoot)('a directory handrail cannot list, handrail not being root', () => {
  it.each(backends.map((b) => b.name))(
    '%s: a command that chmods its directory to 300 still cannot read a denied file in it by name',
    (sandbox) => {
      const ws = workspace();
      chmodSync(ws, 0o755);
      mkdirSync(path.join(ws, 'secrets'));
      mkdirSync(path.join(ws, 'work'));
      writeFileSync(path.join(ws, 'secrets/key.pem'), 'pem-secret\n');
      execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, ws]);
      const [hide, read, make] = callsAs(
        user,
        ws,
        { sandbox, denyRead: ['**/*.pem'] },
        'chmod 300 secrets && echo hidden',
        'cat secrets/key.pem; echo end',
        'mkdir work/d && echo x > work/d/.envrc && chmod 300 work/d && echo made',
      );
      expect(hide!.text).toContain('hidden');
      expect(read!.text).not.toContain('pem-secret');
      expect(read!.text).toContain(
        'Hidden from the command: secrets (handrail cannot list it, so the deny-read and protected paths inside cannot be found).',
      );
      // The protected file the command made in a directory it then closed is not reported: the audit says so.
      expect(make!.text).toContain('made');
      expect(make!.text).toMatch(
        /Could not check everything the command left for protected paths .*: work\/d cannot be listed\./,
      );
    },
    60_000,
  );

  it.each(backends.map((b) => b.name))(
    '%s: another user’s 0700 directory in the workspace, which no command can enter, is left as it is',
    (sandbox) => {
      const ws = workspace();
      chmodSync(ws, 0o755);
      execFileSync('chown', [`${user.uid}:${user.gid}`, ws]);
      // A database's data directory, say: root's, 0700.
      mkdirSync(path.join(ws, 'pgdata'), { mode: 0o700 });
      const [listed] = callsAs(user, ws, { sandbox }, 'ls pgdata 2>&1; echo end');
      expect(listed!.text).toContain('Permission denied');
      expect(listed!.text).not.toContain('Hidden from the command');
      expect(listed!.text).not.toContain('Could not check');
    },
    60_000,
  );
});
