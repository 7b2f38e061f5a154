// Running a program directly (argv, no shell) and as a long-lived service, and the read paths a plan hands
// its backend: checked on the `none` backend, which runs exactly the argv the plan resolved.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNoneBackend } from '../../../src/sandbox/backends/index.js';
import {
  MAX_ARGV_BYTES,
  type SandboxBackend,
  type SandboxPolicy,
} from '../../../src/sandbox/process/index.js';
import { tempDir } from '../../support/temp.js';
import { plan, run, workspace } from './helpers.js';

const none = createNoneBackend();

/** The none backend, keeping the policy each command was wrapped with. */
function recording(): { backend: SandboxBackend; policies: SandboxPolicy[] } {
  const policies: SandboxPolicy[] = [];
  return {
    policies,
    backend: {
      name: 'none',
      status: () => none.status(),
      wrap: (command, policy) => {
        policies.push(policy);
        return none.wrap(command, policy);
      },
    },
  };
}

describe('buildProcessSpawnPlan with argv', () => {
  it('runs the program without a shell, found on the PATH the command sees', async () => {
    const ws = workspace();
    const r = await run(ws, { argv: ['printf', '%s|', 'a b', '$HOME', '*'] }, { backend: none });
    expect(r.stdout).toBe('a b|$HOME|*|');
    expect(r.exit.code).toBe(0);
    const program = r.plan.command.argv[0]!;
    expect(path.isAbsolute(program) && path.basename(program)).toBe('printf');
    expect(r.plan.command.argv.slice(1)).toEqual(['%s|', 'a b', '$HOME', '*']);
  });

  it('resolves a program with a slash against the working directory', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws, 'sub/bin'), { recursive: true });
    writeFileSync(path.join(ws, 'sub/bin/tool'), '#!/bin/sh\necho "tool ran in $(pwd)"\n', { mode: 0o755 });
    const r = await run(ws, { argv: ['./bin/tool'], workdir: 'sub' }, { backend: none });
    expect(r.stdout).toBe(`tool ran in ${path.join(ws, 'sub')}\n`);
    expect(r.plan.command.argv).toEqual([path.join(ws, 'sub/bin/tool')]);
  });

  it('answers not_found naming the program and the PATH it searched', async () => {
    const ws = workspace();
    const result = await plan(
      ws,
      { argv: ['no-such-program-x1', '--flag'] },
      { backend: none, profile: { extraEnv: { PATH: '/usr/bin:/bin' } } },
    );
    expect(result).toEqual({
      ok: false,
      errorClass: 'not_found',
      message:
        'The program "no-such-program-x1" was not found on PATH (/usr/bin:/bin): no executable file of that name is in any of its directories. Give its absolute path, or set PATH in the profile\'s extraEnv.',
    });
    expect(await plan(ws, { argv: ['./missing'] }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'not_found',
      message: `The program ${path.join(ws, 'missing')} does not exist or is not an executable file.`,
    });
  });

  it('refuses argv that cannot be run as given', async () => {
    const ws = workspace();
    const refused = async (input: Parameters<typeof plan>[1]) => {
      const result = await plan(ws, input, { backend: none });
      expect(result.ok).toBe(false);
      return !result.ok && `${result.errorClass}: ${result.message}`;
    };
    expect(await refused({ argv: ['echo', 'a\u0000b'] })).toBe(
      'invalid_arguments: Argument 1 of argv contains a NUL character.',
    );
    expect(await refused({ argv: [] })).toBe(
      'invalid_arguments: argv is empty; give the program to run, then its arguments.',
    );
    expect(await refused({ argv: ['echo', 3] as never })).toBe(
      'invalid_arguments: argv must be an array of strings: the program, then its arguments.',
    );
    expect(await refused({ cmd: 'echo', argv: ['echo'] })).toBe(
      'invalid_arguments: Give either cmd (a shell command line) or argv (a program and its arguments), not both.',
    );
    expect(await refused({ argv: ['echo'], shell: 'sh' })).toBe(
      'invalid_arguments: shell applies to cmd only: argv runs its program without a shell.',
    );
    expect(await refused({ argv: ['echo', 'x'.repeat(130 * 1024)] })).toMatch(
      /^invalid_arguments: Argument 1 is 130\.0 KiB; one argument can be at most 128 KiB/,
    );
    const many = Array.from({ length: 12 }, () => 'x'.repeat(100 * 1024));
    expect(await refused({ argv: ['echo', ...many] })).toMatch(
      new RegExp(
        `^invalid_arguments: The arguments are .* KiB together; at most ${MAX_ARGV_BYTES / 1024} KiB`,
      ),
    );
  });
});

describe('buildProcessSpawnPlan: lifetime', () => {
  it('a service has no wall-clock timeout, and spawnPlanned sets none: it runs until it ends', async () => {
    const ws = workspace();
    const r = await run(
      ws,
      { argv: ['sh', '-c', 'sleep 0.2; echo still here'], lifetime: 'service' },
      { backend: none },
    );
    expect(r.plan.timeoutMs).toBe(Number.POSITIVE_INFINITY);
    expect(r.exit).toMatchObject({ code: 0, timedOut: false, killed: false });
    expect(r.stdout).toBe('still here\n');
  });

  it("a call keeps the profile's timeout; a service refuses one, and an unknown lifetime is refused", async () => {
    const ws = workspace();
    const call = await plan(ws, { argv: ['true'] }, { backend: none, profile: { timeoutDefaultMs: 5000 } });
    expect(call.ok && call.plan.timeoutMs).toBe(5000);
    expect(await plan(ws, { argv: ['true'], lifetime: 'service', timeoutMs: 10 }, { backend: none })).toEqual(
      {
        ok: false,
        errorClass: 'invalid_arguments',
        message: 'A service has no timeout (its caller stops it): leave timeoutMs out.',
      },
    );
    expect(await plan(ws, { argv: ['true'], lifetime: 'daemon' as never }, { backend: none })).toEqual({
      ok: false,
      errorClass: 'invalid_arguments',
      message: 'lifetime must be "call" or "service", not "daemon".',
    });
  });
});

describe('buildProcessSpawnPlan: read paths', () => {
  it('hands the backend canonical existing paths outside the roots, and notes what it leaves out', async () => {
    const ws = workspace();
    const programs = tempDir();
    const stateDir = tempDir();
    mkdirSync(path.join(programs, 'lib/node_modules'), { recursive: true });
    mkdirSync(path.join(ws, 'inside'));
    const { backend, policies } = recording();
    const result = await plan(
      ws,
      { argv: ['true'] },
      {
        backend,
        stateDir,
        readPaths: [
          path.join(programs, 'lib/../lib'),
          path.join(programs, 'lib/node_modules'),
          path.join(ws, 'inside'),
          path.join(programs, 'missing'),
          'relative/path',
          '/',
          '/tmp',
          path.join(stateDir),
        ],
      },
    );
    if (!result.ok) throw new Error(result.message);
    expect(policies[0]!.readPaths).toEqual([path.join(programs, 'lib')]);
    expect(result.plan.notes).toEqual([
      `not shown: "${path.join(programs, 'missing')}" does not exist (read paths are absolute host paths).`,
      'not shown: "relative/path" does not exist (read paths are absolute host paths).',
      'not shown: / is too broad (it is the whole file system)',
      'not shown: /tmp is too broad (it is a top-level directory)',
      `not shown: ${stateDir} is handrail's own state`,
    ]);
  });

  it('gives the backend no read paths when none are asked for', async () => {
    const ws = workspace();
    const { backend, policies } = recording();
    const result = await plan(ws, { cmd: 'true' }, { backend });
    expect(result.ok).toBe(true);
    expect(policies[0]!.readPaths).toBeUndefined();
  });
});
