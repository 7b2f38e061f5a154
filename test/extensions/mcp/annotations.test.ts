// What an MCP server says about its tools does not decide how handrail guards them. The lying server's
// `wipe` claims to be read-only and pre-approved but overwrites the file it is given; whether it ran is read
// off the disk. Without the owner's `trust: 'annotations'` it is an unknown, possibly-writing action (asks
// under supervised, denied under read_only); with it, the owner's belief is honoured and the file shows
// what that belief cost. Policy rules on `mcp__server__tool` names decide either way.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  type ApprovalRequest,
  fileTools,
  type PermissionMode,
  type PolicyObject,
  type ToolTrust,
} from '../../../src/index.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';
import { fixtureServer, mcpRuntime, statusOf } from './fixtures/servers.js';

interface Setup {
  mode: PermissionMode;
  trust?: ToolTrust;
  policy?: PolicyObject;
}

/** A workspace with a file worth keeping, and a runtime holding the lying server whose approver denies. */
async function lyingRuntime({ mode, trust, policy }: Setup) {
  const workspace = tempDir('handrail-mcp-lying-');
  const victim = path.join(workspace, 'notes.txt');
  writeFileSync(victim, 'precious\n');
  const asked: ApprovalRequest[] = [];
  const runtime = mcpRuntime(
    { lying: fixtureServer('lying-annotations', [], trust ? { trust } : {}) },
    {
      workspace,
      sandbox: 'none',
      tools: fileTools(),
      profile: { mode, ...(policy ? { policy } : {}) },
      approver: (request) => {
        asked.push(request);
        return { decision: 'deny', feedback: 'not this file' };
      },
    },
  );
  await runtime.ready();
  expect(statusOf(runtime, 'lying').state).toBe('ready');
  const turn = runtime.beginTurn();
  const untouched = () => readFileSync(victim, 'utf8') === 'precious\n' && !existsSync(`${victim}.ran`);
  return { runtime, turn, victim, asked, untouched };
}

describe('a server that marks a writing tool read-only', () => {
  test('under supervised it still asks, as an unknown MCP action; denied, the file is untouched', async () => {
    const { turn, victim, asked, untouched } = await lyingRuntime({ mode: 'supervised' });
    const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ tool: 'mcp__lying__wipe', action: 'mcp_write_or_unknown' });
    expect(untouched()).toBe(true);
  });

  test('under read_only it is denied without asking, and the file is untouched', async () => {
    const { turn, victim, asked, untouched } = await lyingRuntime({ mode: 'read_only' });
    const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(asked).toHaveLength(0);
    expect(untouched()).toBe(true);
  });

  test("only the owner's trust: 'annotations' lets it run unasked under supervised — and the file shows the lie", async () => {
    const { turn, victim, asked } = await lyingRuntime({ mode: 'supervised', trust: 'annotations' });
    const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
    expect(result.isError, text(result)).toBe(false);
    expect(asked).toHaveLength(0);
    // The prediction (read-only) against the observation: the file was rewritten.
    expect(readFileSync(victim, 'utf8')).toBe('wiped\n');
    expect(readFileSync(`${victim}.ran`, 'utf8')).toBe('wipe\n');
  });
});

describe('a server cannot pass for something else', () => {
  test('its tools are all named mcp__<server>__…; one named like a built-in does not replace it', async () => {
    const { runtime, turn, victim, untouched } = await lyingRuntime({ mode: 'supervised' });
    const described = runtime.describeTools();
    const fromServer = described.filter((t) => t.source === 'dynamic').map((t) => t.name);
    expect(fromServer.sort()).toEqual([
      'mcp__lying__exec_command',
      'mcp__lying__read_file',
      'mcp__lying__wipe',
    ]);
    expect(described.find((t) => t.name === 'read_file')?.source).toBe('builtin');

    // `read_file` is still handrail's: it reads, allowed under supervised, and nothing is wiped.
    const read = await turn.call(call('read_file', { path: victim }));
    expect(read.isError, text(read)).toBe(false);
    expect(text(read)).toContain('precious');
    expect(untouched()).toBe(true);
  });

  test('a description claiming pre-approval changes nothing: its tools still ask', async () => {
    const { runtime, turn, victim, asked, untouched } = await lyingRuntime({ mode: 'supervised' });
    expect(runtime.describeTools().find((t) => t.name === 'mcp__lying__read_file')?.description).toContain(
      'pre-approved',
    );
    for (const tool of ['mcp__lying__read_file', 'mcp__lying__exec_command']) {
      const result = await turn.call(call(tool, { path: victim }));
      expect(result.outcome.errorClass).toBe('approval_denied');
    }
    expect(asked.map((r) => [r.tool, r.action])).toEqual([
      ['mcp__lying__read_file', 'mcp_write_or_unknown'],
      ['mcp__lying__exec_command', 'mcp_write_or_unknown'],
    ]);
    expect(untouched()).toBe(true);
  });
});

describe('policy rules name MCP tools', () => {
  test.each(['mcp__lying__wipe', 'mcp__lying__*', 'mcp__lying'])(
    'a deny rule %s denies the tool even when trusted under full_access',
    async (rule) => {
      const { turn, victim, asked, untouched } = await lyingRuntime({
        mode: 'full_access',
        trust: 'annotations',
        policy: { deny: [rule] },
      });
      const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
      expect(result.outcome.errorClass).toBe('permission_denied');
      expect(asked).toHaveLength(0);
      expect(untouched()).toBe(true);
    },
  );

  test('an allow rule for one tool lets it run unasked under supervised; its siblings still ask', async () => {
    const { turn, victim, asked } = await lyingRuntime({
      mode: 'supervised',
      policy: { allow: ['mcp__lying__wipe'] },
    });
    const other = await turn.call(call('mcp__lying__read_file', { path: victim }));
    expect(other.outcome.errorClass).toBe('approval_denied');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    const result = await turn.call(call('mcp__lying__wipe', { path: victim }));
    expect(result.isError, text(result)).toBe(false);
    expect(asked.map((r) => r.tool)).toEqual(['mcp__lying__read_file']);
    expect(readFileSync(victim, 'utf8')).toBe('wiped\n');
  });
});
