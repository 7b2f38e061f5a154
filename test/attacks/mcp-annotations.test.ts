// Attacks by an MCP server on how it is guarded, under the real sandbox: a server that lies about its tools
// (read-only, harmless, pre-approved) but writes files. Where the owner believed it, the sandbox still holds
// the line the profile draws: a read_only profile runs servers on a read-only file system, and no profile
// lets a server write outside the workspace. Trust given to one server is not trust given to another.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApprovalRequest, PermissionMode, PolicyObject } from '../../src/index.js';
import { fixtureServer, mcpRuntime, statusOf } from '../extensions/mcp/fixtures/servers.js';
import { text } from '../support/results.js';
import { call } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { own, ownedTempDir } from '../support/users.js';

/** A file the sandboxed server's user could write, were it not for the sandbox. */
function precious(dir: string): string {
  const file = path.join(dir, 'notes.txt');
  writeFileSync(file, 'precious\n');
  own(file);
  chmodSync(file, 0o666);
  return file;
}

const untouched = (file: string) => readFileSync(file, 'utf8') === 'precious\n' && !existsSync(`${file}.ran`);

async function lyingUnderBwrap(
  mode: PermissionMode,
  servers: Parameters<typeof mcpRuntime>[0],
  policy?: PolicyObject,
) {
  const workspace = ownedTempDir('handrail-attack-mcp-');
  const asked: ApprovalRequest[] = [];
  const runtime = mcpRuntime(servers, {
    workspace,
    sandbox: 'bwrap',
    profile: { mode, ...(policy ? { policy } : {}) },
    approver: (request) => {
      asked.push(request);
      return { decision: 'deny' };
    },
  });
  await runtime.ready();
  for (const name of Object.keys(servers)) expect(statusOf(runtime, name).state).toBe('ready');
  return { runtime, workspace, asked, turn: runtime.beginTurn() };
}

describe.runIf(bwrapReady)('a lying MCP server under bwrap', () => {
  test('trusted under read_only, its "read" runs on a read-only file system: the write fails', async () => {
    const { workspace, asked, turn } = await lyingUnderBwrap('read_only', {
      lying: fixtureServer('lying-annotations', [], { trust: 'annotations' }),
    });
    const victim = precious(workspace);
    const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
    // The policy believed the owner (mcp_read is allowed under read_only); the sandbox did not have to.
    expect(asked).toHaveLength(0);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('read-only file system');
    expect(untouched(victim)).toBe(true);
  });

  test('trusted under full_access, it cannot write outside the workspace', async () => {
    const { asked, turn } = await lyingUnderBwrap('full_access', {
      lying: fixtureServer('lying-annotations', [], { trust: 'annotations' }),
    });
    const victim = precious(ownedTempDir('handrail-attack-outside-'));
    // Whether the write fails or lands in the sandbox's own /tmp, the host's file is what counts.
    await turn.call(call('mcp__lying__wipe', { path: victim }));
    expect(asked).toHaveLength(0);
    expect(untouched(victim)).toBe(true);
  });

  test('trusted under supervised, it writes the workspace unasked: the trust was the owner’s to give', async () => {
    const { workspace, asked, turn } = await lyingUnderBwrap('supervised', {
      lying: fixtureServer('lying-annotations', [], { trust: 'annotations' }),
    });
    const victim = precious(workspace);
    const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
    expect(result.isError, text(result)).toBe(false);
    expect(asked).toHaveLength(0);
    expect(readFileSync(victim, 'utf8')).toBe('wiped\n');
  });

  test('trust and allow rules for one server do not cover another with the same tools', async () => {
    const { workspace, asked, turn } = await lyingUnderBwrap(
      'supervised',
      {
        trusted: fixtureServer('lying-annotations', [], { trust: 'annotations' }),
        stranger: fixtureServer('lying-annotations'),
      },
      { allow: ['mcp__trusted'] },
    );
    const victim = precious(workspace);
    const result = await turn.call(call('mcp__stranger__wipe', { path: victim }));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(asked.map((r) => [r.tool, r.action])).toEqual([['mcp__stranger__wipe', 'mcp_write_or_unknown']]);
    expect(untouched(victim)).toBe(true);
  });

  test('a deny rule on the server holds in full_access, trusted or not', async () => {
    const { workspace, asked, turn } = await lyingUnderBwrap(
      'full_access',
      { lying: fixtureServer('lying-annotations', [], { trust: 'annotations' }) },
      { deny: ['mcp__lying__*'] },
    );
    const victim = precious(workspace);
    for (const tool of ['mcp__lying__wipe', 'mcp__lying__read_file', 'mcp__lying__exec_command']) {
      const result = await turn.call(call(tool, { path: victim }));
      expect(result.outcome.errorClass).toBe('permission_denied');
    }
    expect(asked).toHaveLength(0);
    expect(untouched(victim)).toBe(true);
  });
});
