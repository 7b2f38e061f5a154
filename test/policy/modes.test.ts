import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { modeDecision, PERMISSION_MODES, type PermissionMode } from '../../src/policy/modes.js';
import { builtinTools } from '../../src/tools/index.js';
import type { ActionKind, PermissionBehavior, PermissionIntent } from '../../src/types/index.js';
import { sharedTempDir } from '../support/temp.js';
import { intentFor } from './helpers.js';

const ws = sharedTempDir('handrail-policy-');
const outside = sharedTempDir('handrail-policy-');

type Row = [
  label: string,
  intent: () => PermissionIntent,
  expected: Record<PermissionMode, PermissionBehavior>,
];
const all = (b: PermissionBehavior) => ({
  full_access: b,
  auto_accept_edits: b,
  supervised: b,
  read_only: b,
});
const READ = all('allow');
const EDIT_IN = {
  full_access: 'allow',
  auto_accept_edits: 'allow',
  supervised: 'ask',
  read_only: 'deny',
} as const;
const SIDE = {
  full_access: 'allow',
  auto_accept_edits: 'ask',
  supervised: 'ask',
  read_only: 'deny',
} as const;
const DANGER = {
  full_access: 'ask',
  auto_accept_edits: 'ask',
  supervised: 'ask',
  read_only: 'deny',
} as const;

const call = (tool: string, args: Record<string, unknown>) => () => intentFor(tool, args, ws);
const synthetic =
  (action: ActionKind, tool = `x_${action}`) =>
  (): PermissionIntent => ({
    action,
    summary: action,
    scope: { tool, payloadHash: 'h' },
  });
const patch = (file: string) => `*** Begin Patch\n*** Add File: ${file}\n+hi\n*** End Patch`;

const TABLE: Row[] = [
  ['read_file', call('read_file', { path: 'a.txt' }), READ],
  ['list_dir', call('list_dir', { path: '.' }), READ],
  ['find_files', call('find_files', { pattern: '*.ts' }), READ],
  ['grep_files', call('grep_files', { pattern: 'x' }), READ],
  ['write_file inside the workspace', call('write_file', { path: 'src/a.ts', content: 'x' }), EDIT_IN],
  ['write_file outside the roots', call('write_file', { path: path.join(outside, 'a'), content: 'x' }), SIDE],
  [
    'edit_file inside',
    call('edit_file', { path: 'a.txt', edits: [{ oldText: 'a', newText: 'b' }] }),
    EDIT_IN,
  ],
  ['apply_patch inside', call('apply_patch', { patch: patch('new.txt') }), EDIT_IN],
  ['apply_patch touching outside', call('apply_patch', { patch: patch(path.join(outside, 'n.txt')) }), SIDE],
  ['exec_command safe', call('exec_command', { cmd: 'git status' }), READ],
  ['exec_command unknown', call('exec_command', { cmd: 'npm test' }), SIDE],
  ['exec_command redirect', call('exec_command', { cmd: 'ls > out.txt' }), SIDE],
  ['exec_command dangerous', call('exec_command', { cmd: 'rm -rf /' }), DANGER],
  ['bash safe', call('bash', { command: 'ls -la' }), READ],
  ['bash dangerous', call('bash', { command: 'git push --force origin main' }), DANGER],
  ['write_stdin input', call('write_stdin', { session_id: 1, chars: 'ls\n' }), SIDE],
  ['write_stdin poll', call('write_stdin', { session_id: 1 }), READ],
  ['web_fetch', call('web_fetch', { url: 'https://example.com/' }), SIDE],
  ['download_url', call('download_url', { url: 'https://example.com/f', path: 'f.bin' }), SIDE],
  ['web_search', call('web_search', { query: 'handrail' }), SIDE],
  ['mcp_read', synthetic('mcp_read', 'mcp__gh__list'), READ],
  ['mcp_write_or_unknown', synthetic('mcp_write_or_unknown', 'mcp__gh__create'), SIDE],
  ['internal', synthetic('internal', 'request_tools'), READ],
  ['memory_write', synthetic('memory_write'), SIDE],
  ['task_subagent', synthetic('task_subagent'), SIDE],
  ['computer_use', synthetic('computer_use'), SIDE],
  ['dynamic_skill_tool', synthetic('dynamic_skill_tool'), SIDE],
  ['unknown', synthetic('unknown'), SIDE],
];

describe('modes × built-in tools', () => {
  test('the table names every built-in tool', () => {
    const covered = new Set(TABLE.map(([label]) => label.split(' ')[0]));
    for (const tool of builtinTools()) expect(covered, tool.name).toContain(tool.name);
  });

  for (const [label, make, expected] of TABLE) {
    for (const mode of PERMISSION_MODES) {
      test(`${mode}: ${label} → ${expected[mode]}`, () => {
        const d = modeDecision(mode, make(), { writableRoots: [ws] });
        expect(d.behavior).toBe(expected[mode]);
        expect(d.rule.startsWith(`mode:${mode}:`)).toBe(true);
        expect(d.reason.length).toBeGreaterThan(0);
      });
    }
  }
});

describe('modes: details', () => {
  test('rule names carry the action and, for shell, the risk', () => {
    const d = modeDecision('supervised', intentFor('exec_command', { cmd: 'git status' }, ws), {
      writableRoots: [ws],
    });
    expect(d.rule).toBe('mode:supervised:shell_command:safe');
    const w = modeDecision(
      'auto_accept_edits',
      intentFor('write_file', { path: '/etc/x', content: '' }, ws),
      {
        writableRoots: [ws],
      },
    );
    expect(w).toMatchObject({ behavior: 'ask', rule: 'mode:auto_accept_edits:file_write:outside_roots' });
    expect(w.reason).toContain('/etc/x');
  });

  test('writable roots are segment-aware and canonical', () => {
    const sibling = `${ws}-evil`;
    const i = intentFor('write_file', { path: `${sibling}/a`, content: '' }, ws);
    expect(modeDecision('auto_accept_edits', i, { writableRoots: [ws] }).behavior).toBe('ask');
    // A root given through a symlinked or unnormalized spelling still contains the canonical paths.
    const j = intentFor('write_file', { path: 'a', content: '' }, ws);
    expect(modeDecision('auto_accept_edits', j, { writableRoots: [`${ws}/sub/..`] }).behavior).toBe('allow');
  });

  test('dangerous reasons reach the human', () => {
    const d = modeDecision('full_access', intentFor('exec_command', { cmd: 'rm -rf /' }, ws), {
      writableRoots: [],
    });
    expect(d.behavior).toBe('ask');
    expect(d.reason).toMatch(/rm -rf/);
  });
});
