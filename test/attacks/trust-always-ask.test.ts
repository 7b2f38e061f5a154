// Attacks on point 5 of the trust model (docs/trust-model.md): "always ask" means always. A dangerous command, or a
// tool whose approval is 'always', is asked about on every call — whatever the approver answered before, in
// which turn or thread, whatever rules say, however the line is respelled — and the form offers once / deny.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defineTool, type RuntimeOptions, type ToolSpec } from '../../src/index.js';
import type { ApprovalDecision } from '../../src/policy/approval/types.js';
import { alwaysWritingRuntime, call } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';

/** A runtime whose approver records every request and gives the widest answer there is, offered or not. */
function generous(options: RuntimeOptions, answer: ApprovalDecision = 'allow_always') {
  const ws = options.workspace ?? tempDir();
  const { runtime, asked } = alwaysWritingRuntime({ ...options, workspace: ws }, answer);
  return { runtime, ws, asked };
}

describe('a dangerous command approved with the widest answer is asked about again', () => {
  const respellings = [
    'rm -rf build',
    'rm  -rf build',
    'rm -rf ./build',
    'rm -rf build/',
    'FOO=1 rm -rf build',
    'env FOO=1 rm -rf build',
    '/bin/rm -rf build',
    'command rm -rf build',
    '\\rm -rf build',
    'rm -fr build',
    'rm -r -f build',
    'rm --recursive --force build',
  ];

  test.each(['allow_for_turn', 'allow_for_session', 'allow_always'] as const)(
    '%s: every respelling, in the same turn, the next turn and another thread, asks with once / deny only',
    async (answer) => {
      const h = generous({}, answer);
      const turns = [
        h.runtime.beginTurn({ threadId: 'one' }),
        h.runtime.beginTurn({ threadId: 'one' }),
        h.runtime.beginTurn({ threadId: 'two' }),
      ];
      let calls = 0;
      for (const turn of turns) {
        for (const cmd of respellings) {
          mkdirSync(path.join(h.ws, 'build'), { recursive: true });
          const result = await turn.call(call('exec_command', { cmd }));
          calls++;
          expect(result.isError).toBe(false);
          expect(h.asked).toHaveLength(calls);
          expect(h.asked.at(-1)!.choices).toEqual(['allow_once', 'deny']);
          expect(h.asked.at(-1)!.suggestedRule).toBeUndefined();
          expect(existsSync(path.join(h.ws, 'build'))).toBe(false);
        }
      }
      // Nothing was written that could stand for a human later.
      expect(existsSync(path.join(h.ws, '.handrail', 'policy.json'))).toBe(false);
    },
  );

  test('identical dangerous calls in parallel: the first answer covers none of the others', async () => {
    const h = generous({}, 'allow_for_turn');
    const turn = h.runtime.beginTurn();
    await Promise.all([1, 2, 3].map(() => turn.call(call('exec_command', { cmd: 'rm -rf build' }))));
    expect(h.asked).toHaveLength(3);
  });

  test('allow rules in every layer, full_access and trust in the project do not cover it', async () => {
    const ws = tempDir();
    const h = generous({
      workspace: ws,
      profile: 'full_access',
      policy: { allow: ['exec_command(rm -rf build)', 'exec_command', 'Bash', 'Class(shell_command)', '*'] },
    });
    await h.runtime.beginTurn().call(call('exec_command', { cmd: 'rm -rf build' }));
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.choices).toEqual(['allow_once', 'deny']);
  });
});

describe("a tool whose approval is 'always'", () => {
  const deploy = (approval: ToolSpec['approval']) =>
    defineTool({
      name: 'deploy',
      description: 'Deploys.',
      inputSchema: { type: 'object', properties: { target: { type: 'string' } } },
      approval,
      execute: () => 'deployed',
    }) as ToolSpec;

  test.each(['allow_for_turn', 'allow_for_session', 'allow_always'] as const)(
    '%s is taken as once: asked on every call, in every turn',
    async (answer) => {
      const h = generous({ tools: [deploy('always')], policy: { allow: ['deploy'] } }, answer);
      const turns = [h.runtime.beginTurn({ threadId: 't' }), h.runtime.beginTurn({ threadId: 't' })];
      for (const turn of turns) {
        for (let i = 0; i < 2; i++) {
          expect((await turn.call(call('deploy', { target: 'prod' }))).isError).toBe(false);
        }
      }
      expect(h.asked).toHaveLength(4);
      expect(h.asked.every((r) => r.choices?.join() === 'allow_once,deny')).toBe(true);
      expect(existsSync(path.join(h.ws, '.handrail', 'policy.json'))).toBe(false);
    },
  );

  test('approval that is always for some arguments only: a grant for the others does not carry over', async () => {
    const h = generous(
      { tools: [deploy((args) => (args.target === 'prod' ? 'always' : 'unless_auto_approved'))] },
      'allow_for_session',
    );
    const turn = h.runtime.beginTurn();
    await turn.call(call('deploy', { target: 'staging' }));
    await turn.call(call('deploy', { target: 'staging' }));
    expect(h.asked).toHaveLength(1);
    await turn.call(call('deploy', { target: 'prod' }));
    await turn.call(call('deploy', { target: 'prod' }));
    expect(h.asked).toHaveLength(3);
  });

  test('a dynamic tool that always asks is asked every time too', async () => {
    const h = generous({}, 'allow_for_session');
    h.runtime.registerTool(deploy('always'), { dynamic: true });
    const turn = h.runtime.beginTurn();
    for (let i = 0; i < 3; i++) await turn.call(call('deploy', { target: 'prod' }));
    expect(h.asked).toHaveLength(3);
    expect(h.asked.every((r) => r.choices?.join() === 'allow_once,deny')).toBe(true);
  });
});
