// Attacks on the reach of remembered approvals (docs/trust-model.md): an approval "for the turn" or "for the
// session" covers the call the human saw — the same tool, arguments and place — and nothing the model can
// reach by changing where it runs, which turn or thread it is in, or a word of its arguments.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, defineTool, type ToolSpec } from '../../src/index.js';
import type { ApprovalDecision } from '../../src/policy/approval/types.js';
import { askingRuntime, call } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';

function approving(answer: ApprovalDecision) {
  const ws = tempDir();
  mkdirSync(path.join(ws, 'a'));
  mkdirSync(path.join(ws, 'b'));
  return askingRuntime(
    {
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'none',
      policyFiles: { user: null, managed: null, project: null },
    },
    answer,
  );
}

describe('a session grant covers the call as seen, where it was seen', () => {
  test('the same command from another working directory of the same thread is asked about', async () => {
    const h = approving('allow_for_session');
    await h.runtime.beginTurn({ threadId: 't', cwd: 'a' }).call(call('exec_command', { cmd: 'touch x' }));
    await h.runtime.beginTurn({ threadId: 't', cwd: 'a' }).call(call('exec_command', { cmd: 'touch x' }));
    expect(h.asked).toHaveLength(1);
    await h.runtime
      .beginTurn({ threadId: 't', cwd: 'a' })
      .call(call('exec_command', { cmd: 'touch x', workdir: '../b' }));
    await h.runtime.beginTurn({ threadId: 't', cwd: 'b' }).call(call('exec_command', { cmd: 'touch x' }));
    expect(h.asked).toHaveLength(3);
    expect(h.asked.map((r) => path.basename(r.preview.split('\n')[1]!))).toEqual(['a', 'b', 'b']);
  });

  test('the same relative write from another working directory is asked about', async () => {
    const h = approving('allow_for_session');
    const write = { path: 'out.txt', content: 'x' };
    await h.runtime.beginTurn({ threadId: 't', cwd: 'a' }).call(call('write_file', write));
    await h.runtime.beginTurn({ threadId: 't', cwd: 'b' }).call(call('write_file', write));
    expect(h.asked).toHaveLength(2);
  });

  test("a dynamic tool's grant covers its arguments as approved, not other arguments", async () => {
    const h = approving('allow_for_session');
    h.runtime.registerTool(
      defineTool({
        name: 'outside',
        description: 'x',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        execute: () => 'ran',
      }) as ToolSpec,
      { dynamic: true },
    );
    const turn = h.runtime.beginTurn({ threadId: 't' });
    await turn.call(call('outside', { q: 'a' }));
    await turn.call(call('outside', { q: 'a' }));
    await turn.call(call('outside', { q: 'b' }));
    await turn.call(call('outside', { q: 'a', extra: 1 }));
    expect(h.asked.map((r) => r.summary)).toEqual([
      'outside {"q":"a"}',
      'outside {"q":"b"}',
      'outside {"extra":1,"q":"a"}',
    ]);
  });
});

describe('a turn grant stays in its turn', () => {
  test('two live turns of one thread: a grant in one does not cover the other', async () => {
    const h = approving('allow_for_turn');
    const first = h.runtime.beginTurn({ threadId: 't' });
    const second = h.runtime.beginTurn({ threadId: 't' });
    await first.call(call('exec_command', { cmd: 'touch x' }));
    await first.call(call('exec_command', { cmd: 'touch x' }));
    await second.call(call('exec_command', { cmd: 'touch x' }));
    expect(h.asked).toHaveLength(2);
  });
});
