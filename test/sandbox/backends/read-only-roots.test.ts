// Under read_only every root is read-only for commands, and a command that asks says so: `test -w .` prints
// read-only whoever the command runs as (the workspace owner, uid 0 without capabilities, nobody) and under
// both backends. Landlock does not answer access(2) by itself: without the helper's help the permission bits
// alone would call the workspace writable while every write fails.
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../../src/index.js';
import { createBwrapBackend, createLandlockBackend } from '../../../src/sandbox/backends/index.js';
import type { SandboxBackend } from '../../../src/sandbox/process/backend-types.js';
import { builtinTools } from '../../../src/tools/index.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { isRoot, own, ownedTempDir } from '../../support/users.js';
import { run, workspace } from '../process/helpers.js';

const makers: Record<string, () => SandboxBackend> = {
  bwrap: () => createBwrapBackend(),
  landlock: () => createLandlockBackend(),
};
const available = Object.keys(makers).filter((name) => makers[name]!().status().state !== 'unavailable');

// In a directory below the top (Landlock keeps the top of a writable root closed to new entries).
const PROBE = [
  'cd sub',
  'test -w . && echo writable || echo read-only',
  "python3 -c \"import os; print('access:', os.access('.', os.W_OK))\"",
  'touch made 2>/dev/null && echo touched || echo not-touched',
].join('; ');
/** The system's programs, not those of the host's PATH (a pyenv shim under /root, say). */
const hostEnv = { PATH: '/usr/bin:/bin' };

/** A workspace with a subdirectory, both belonging to the workspace's owner. */
function withSub(owner: 'test' | 'root'): string {
  const ws = workspace({ owner });
  mkdirSync(path.join(ws, 'sub'));
  if (owner === 'test') own(path.join(ws, 'sub'));
  return ws;
}

type Owner = 'test' | 'root, 0700' | 'root, 0755';
const owners: Owner[] = isRoot ? ['test', 'root, 0700', 'root, 0755'] : ['test'];
const mode: Record<Owner, string> = {
  test: isRoot ? 'owner' : 'self',
  'root, 0700': 'mapped-root',
  'root, 0755': 'nobody',
};

describe.each(available)('read-only roots (%s)', (name) => {
  it.each(owners)(
    'workspace owned by %s: test -w says read-only, and nothing can be written',
    async (owner) => {
      const ws = withSub(owner === 'test' ? 'test' : 'root');
      if (owner === 'root, 0755') chmodSync(ws, 0o755);
      const roots = [{ path: ws, access: 'read' as const }];
      const r = await run(ws, PROBE, { backend: makers[name]!(), roots, hostEnv });
      expect(r.plan.sandbox.identity?.mode).toBe(mode[owner]);
      expect(r.stdout).toBe('read-only\naccess: False\nnot-touched\n');
    },
  );

  it('writable roots still read as writable', async () => {
    const ws = withSub('test');
    const r = await run(ws, PROBE, { backend: makers[name]!(), hostEnv });
    expect(r.stdout).toBe('writable\naccess: True\ntouched\n');
  });

  it('through the runtime: under the read_only profile a safe probe prints read-only', async () => {
    const runtime = createRuntime({
      workspace: ownedTempDir(),
      tools: builtinTools(),
      profile: 'read_only',
      sandbox: name as 'bwrap' | 'landlock',
      store: false,
      policyFiles: { user: null, managed: null, project: null },
    });
    const result = await runtime
      .beginTurn()
      .call(call('exec_command', { cmd: 'test -w . && echo writable || echo read-only' }));
    await runtime.close();
    expect(result.isError).toBe(false);
    expect(text(result)).toMatch(/^read-only$/m);
  });
});
