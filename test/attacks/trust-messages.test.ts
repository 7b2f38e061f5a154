// Attacks on point 9 of the trust model (docs/trust-model.md): messages tell the truth. With no approver the
// result says so and names what would let the call run — never a profile or rule that would not — and no
// denial that came from a rule or from nobody reads as a human's "no".
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  builtinTools,
  defineTool,
  type RuntimeOptions,
  type ToolResult,
  type ToolSpec,
} from '../../src/index.js';
import { tableResolver } from '../sandbox/network/helpers.js';
import { text } from '../support/results.js';
import { call, makeRuntime } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';

const deploy = defineTool({
  name: 'deploy',
  description: 'Deploys.',
  inputSchema: { type: 'object', properties: {} },
  approval: 'always',
  execute: () => 'deployed',
}) as ToolSpec;

/** A runtime with no approver. */
function unattended(options: RuntimeOptions = {}) {
  return makeRuntime({
    tools: [...builtinTools(), deploy],
    sandbox: 'none',
    profile: 'supervised',
    policyFiles: { user: null, managed: null, project: null },
    ...options,
  }).beginTurn();
}

/** Everything the model reads of a refusal. */
const said = (result: ToolResult) => `${text(result)}\n${result.outcome.hint ?? ''}`;

function nobodyDeclined(result: ToolResult) {
  expect(result.isError).toBe(true);
  expect(result.outcome.errorClass).toBe('approval_denied');
  expect(text(result)).toMatch(/no approver is configured/);
  expect(said(result)).not.toMatch(/(user|human) (declined|denied|refused|rejected)/i);
  expect(result.outcome.hint).toMatch(/Nobody declined/);
}

describe('no approver: the result says so, and names only what would really allow the call', () => {
  test('an unknown command: the exact rule to add, and where', async () => {
    const result = await unattended().call(call('exec_command', { cmd: 'touch x' }));
    nobodyDeclined(result);
    expect(text(result)).toMatch(/add "exec_command\(touch x\)" to the "allow" list/);
  });

  test('a dangerous command: no profile or rule allows it, only a human', async () => {
    const result = await unattended({ profile: 'full_access', policy: { allow: ['exec_command'] } }).call(
      call('exec_command', { cmd: 'rm -rf build' }),
    );
    nobodyDeclined(result);
    expect(text(result)).toMatch(/always need a human/);
    expect(said(result)).not.toMatch(/profile that allows|add .* to the "allow" list/);
  });

  test.each([
    ['supervised', {}],
    ['full_access with an allow rule', { profile: 'full_access' as const, policy: { allow: ['deploy'] } }],
  ])(
    "a tool whose approval is 'always' (%s): no profile or rule allows it, only a human",
    async (_l, opts) => {
      const result = await unattended(opts).call(call('deploy', {}));
      nobodyDeclined(result);
      expect(text(result)).toMatch(/asks a human every time/);
      expect(said(result)).not.toMatch(/profile that allows|add .* to the "allow" list|which rule/);
    },
  );

  test('a host outside network.allow: the allowlist is what would change, not the profile', async () => {
    const turn = unattended({
      network: {
        mode: 'restricted',
        allow: [],
        resolver: tableResolver({ 'api.example.com': ['93.184.216.34'] }).resolver,
      },
    });
    const result = await turn.call(call('web_fetch', { url: 'http://api.example.com/' }));
    nobodyDeclined(result);
    expect(text(result)).toMatch(/api\.example\.com.*network\.allow/);
    expect(said(result)).not.toMatch(/profile that allows/);
  });

  test('an ask rule: the rule is named, and no allow rule is offered to beat it', async () => {
    const result = await unattended({ policy: { ask: ['exec_command(git push:*)'] } }).call(
      call('exec_command', { cmd: 'git push origin main' }),
    );
    nobodyDeclined(result);
    expect(text(result)).toMatch(/ask rule exec_command\(git push:\*\)/);
  });

  test('a dynamic tool: asked about, nobody to ask, nobody declined', async () => {
    const turn = unattended();
    const runtime = makeRuntime({
      profile: 'supervised',
      policyFiles: { user: null, managed: null, project: null },
    });
    runtime.registerTool(
      defineTool({
        name: 'outside_tool',
        description: 'x',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
        execute: () => 'ran',
      }) as ToolSpec,
      { dynamic: true },
    );
    void turn;
    nobodyDeclined(await runtime.beginTurn().call(call('outside_tool', {})));
  });
});

describe('a refusal by a rule is a rule’s, not an unanswered question', () => {
  test('a deny rule written while a request waited in the queue denies it as the rule, not as "nobody answered"', async () => {
    const ws = tempDir();
    mkdirSync(path.join(ws, '.handrail'), { recursive: true });
    const file = path.join(ws, '.handrail', 'policy.json');
    writeFileSync(file, '{}\n');
    let asked = 0;
    const turn = makeRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'none',
      profile: 'supervised',
      policyFiles: { user: null, managed: null },
      trustProjectPolicy: true,
      approver: async (request) => {
        asked++;
        // While this question is open, someone denies the other, queued call in the policy file.
        const other = request.summary === 'touch a' ? 'touch b' : 'touch a';
        writeFileSync(file, JSON.stringify({ deny: [`exec_command(${other})`] }));
        return { decision: 'allow_always' };
      },
    }).beginTurn();
    const results = await Promise.all([
      turn.call(call('exec_command', { cmd: 'touch a' })),
      turn.call(call('exec_command', { cmd: 'touch b' })),
    ]);
    expect(asked).toBe(1);
    const denied = results.filter((r) => r.isError);
    expect(denied).toHaveLength(1);
    expect(text(denied[0]!)).toMatch(/denied by exec_command\(touch [ab]\) \(project policy\)/);
    expect(denied[0]!.outcome.errorClass).toBe('permission_denied');
    expect(said(denied[0]!)).not.toMatch(/not a refusal|nobody answered|user (declined|denied)/i);
  });
});

describe('a human’s no is reported as a human’s', () => {
  test.each(['broker', 'default', 'rule:exec_command(touch x)'])(
    'an approver that signs its deny as %s is still reported as the user denying',
    async (by) => {
      const turn = makeRuntime({
        tools: builtinTools(),
        sandbox: 'none',
        profile: 'supervised',
        policyFiles: { user: null, managed: null, project: null },
        approver: () => ({ decision: 'deny', by, feedback: 'use the other bucket' }),
      }).beginTurn();
      const result = await turn.call(call('exec_command', { cmd: 'touch x' }));
      expect(result.outcome.errorClass).toBe('approval_denied');
      expect(text(result)).toBe('The user denied exec_command: use the other bucket');
    },
  );
});
