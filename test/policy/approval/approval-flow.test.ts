// Approvals end to end: real runtime, real built-in tools, real temp workspaces. Every test checks the disk
// afterwards: an approval that was not given must leave nothing behind.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  builtinTools,
  createRuntime,
  defineTool,
  type HandrailEvent,
  type Runtime,
  type RuntimeOptions,
  type ToolSpec,
} from '../../../src/index.js';
import type { ApprovalRequest, Approver, ApproverAnswer } from '../../../src/policy/approval/types.js';
import { onCleanup } from '../../support/cleanup.js';
import { text } from '../../support/results.js';
import { tempDir } from '../../support/temp.js';

const workspace = () => tempDir('handrail-approval-');

interface Harness {
  ws: string;
  rt: Runtime;
  events: HandrailEvent[];
  asked: ApprovalRequest[];
}

function setup(
  answer: ((r: ApprovalRequest, ctx: { signal: AbortSignal }) => ReturnType<Approver>) | undefined,
  options: RuntimeOptions = {},
): Harness {
  const ws = options.workspace ?? workspace();
  const asked: ApprovalRequest[] = [];
  const rt = createRuntime({
    workspace: ws,
    tools: builtinTools(),
    sandbox: 'none',
    rateLimits: false,
    policyFiles: { user: null, managed: null },
    // "always" writes to the project layer, which must be trusted for its allow rules to count.
    trustProjectPolicy: true,
    ...(answer
      ? {
          approver: (r, ctx) => {
            asked.push(r);
            return answer(r, ctx);
          },
        }
      : {}),
    ...options,
  });
  const events: HandrailEvent[] = [];
  rt.events.on((e) => {
    events.push(e);
  });
  onCleanup(() => rt.close());
  return { ws, rt, events, asked };
}

const always =
  (decision: ApproverAnswer['decision'], extra: Partial<ApproverAnswer> = {}) =>
  () => ({
    decision,
    ...extra,
  });
let ids = 0;
const sh = (cmd: string, id = `c${++ids}`) => ({ id, name: 'exec_command', arguments: { cmd } });
const settle = () => new Promise((r) => setTimeout(r, 20));
const permissionEvents = (events: HandrailEvent[], callId: string) =>
  events.filter((e) => e.callId === callId && e.type.startsWith('turn/permission/'));

describe('resolutions through turn.call', () => {
  test('allow_once runs the call and asks again next time; events carry the request and the decision', async () => {
    const h = setup(always('allow_once'));
    const turn = h.rt.beginTurn();
    const first = await turn.call(sh('touch once.txt', 'first'));
    expect(first.isError).toBe(false);
    expect(existsSync(path.join(h.ws, 'once.txt'))).toBe(true);
    await turn.call(sh('touch once.txt'));
    expect(h.asked).toHaveLength(2);
    const request = h.asked[0]!;
    expect(request).toMatchObject({
      tool: 'exec_command',
      action: 'shell_command',
      mode: 'supervised',
      summary: 'touch once.txt',
      matchedRule: 'mode:supervised:shell_command:unknown',
      suggestedRule: ['exec_command(touch once.txt)'],
      alwaysLayers: ['project'],
      callId: 'first',
      turnId: turn.turnId,
      threadId: turn.threadId,
    });
    expect(request.preview).toContain('$ touch once.txt');
    expect(request.requestKey).toMatch(/^[0-9a-f]{64}$/);
    await settle();
    const seen = permissionEvents(h.events, 'first');
    expect(seen.map((e) => e.type)).toEqual([
      'turn/permission/request/opened',
      'turn/permission/request/resolved',
      'turn/permission/decided',
    ]);
    expect(seen[0]!.payload).toMatchObject({
      requestId: request.id,
      requestKey: request.requestKey,
      tool: 'exec_command',
      suggestedRule: ['exec_command(touch once.txt)'],
    });
    expect(seen[1]!.payload).toMatchObject({ decision: 'allow_once', decidedBy: 'callback' });
    expect(seen[2]!.payload).toMatchObject({
      behavior: 'allow',
      resolution: 'allow_once',
      rule: 'mode:supervised:shell_command:unknown',
      layer: 'mode',
    });
  });

  test('allow_for_turn covers the identical call in that turn only: not an edited call, not the next turn', async () => {
    const h = setup((r) => ({ decision: r.summary === 'touch a' ? 'allow_for_turn' : 'deny' }));
    const turn = h.rt.beginTurn({ threadId: 'T' });
    expect((await turn.call(sh('touch a'))).isError).toBe(false);
    const again = await turn.call(sh('touch a', 'again'));
    expect(again.isError).toBe(false);
    expect(h.asked).toHaveLength(1);
    const edited = await turn.call(sh('touch a b'));
    expect(edited.isError).toBe(true);
    expect(edited.outcome.errorClass).toBe('approval_denied');
    expect(existsSync(path.join(h.ws, 'b'))).toBe(false);
    expect(h.asked).toHaveLength(2);
    await turn.end();
    rmSync(path.join(h.ws, 'a'));
    const next = h.rt.beginTurn({ threadId: 'T' });
    await next.call(sh('touch a'));
    expect(h.asked).toHaveLength(3);
    await settle();
    const cached = permissionEvents(h.events, 'again');
    expect(cached.map((e) => e.type)).toEqual(['turn/permission/decided']);
    expect(cached[0]!.payload).toMatchObject({ behavior: 'allow', cached: 'turn' });
  });

  test('allow_for_session covers later turns of the same thread, not another thread', async () => {
    const h = setup((r) => ({ decision: r.threadId === 'T1' ? 'allow_for_session' : 'deny' }));
    const t1 = h.rt.beginTurn({ threadId: 'T1' });
    await t1.call(sh('touch s.txt'));
    await t1.end();
    const t2 = h.rt.beginTurn({ threadId: 'T1' });
    expect((await t2.call(sh('touch s.txt'))).isError).toBe(false);
    expect(h.asked).toHaveLength(1);
    rmSync(path.join(h.ws, 's.txt'));
    const other = h.rt.beginTurn({ threadId: 'T2' });
    const denied = await other.call(sh('touch s.txt'));
    expect(denied.outcome.errorClass).toBe('approval_denied');
    expect(h.asked).toHaveLength(2);
    expect(existsSync(path.join(h.ws, 's.txt'))).toBe(false);
  });

  test('allow_always writes the suggested rule to .handrail/policy.json; later runtimes allow with no approver', async () => {
    const h = setup(always('allow_always'));
    const turn = h.rt.beginTurn();
    expect((await turn.call(sh('touch kept.txt'))).isError).toBe(false);
    const file = path.join(h.ws, '.handrail', 'policy.json');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.allow).toEqual(['exec_command(touch kept.txt)']);
    // The same runtime reloaded: the rule allows, nobody is asked.
    const second = await h.rt.beginTurn().call(sh('touch kept.txt', 'by-rule'));
    expect(second.isError).toBe(false);
    expect(h.asked).toHaveLength(1);
    await settle();
    expect(
      permissionEvents(h.events, 'by-rule').map((e) => [e.type, e.payload.rule, e.payload.layer]),
    ).toEqual([['turn/permission/decided', 'exec_command(touch kept.txt)', 'project']]);
    await h.rt.close();
    rmSync(path.join(h.ws, 'kept.txt'));
    // A new runtime without any approver: the rule still allows exactly this call, and nothing broader.
    const fresh = setup(undefined, { workspace: h.ws });
    const t = fresh.rt.beginTurn();
    expect((await t.call(sh('touch kept.txt'))).isError).toBe(false);
    expect(existsSync(path.join(h.ws, 'kept.txt'))).toBe(true);
    const broader = await t.call(sh('touch kept.txt other.txt'));
    expect(broader.outcome.errorClass).toBe('approval_denied');
    expect(existsSync(path.join(h.ws, 'other.txt'))).toBe(false);
  });

  test('allow_always with layer user writes the user file (and it is the layer that allows next time)', async () => {
    const home = workspace();
    const userFile = path.join(home, 'policy.json');
    writeFileSync(userFile, '{}\n');
    const h = setup(always('allow_always', { layer: 'user' }), {
      policyFiles: { user: userFile, managed: null },
    });
    await h.rt.beginTurn().call(sh('touch u.txt'));
    expect(JSON.parse(readFileSync(userFile, 'utf8')).allow).toEqual(['exec_command(touch u.txt)']);
    expect(existsSync(path.join(h.ws, '.handrail', 'policy.json'))).toBe(false);
    await h.rt.beginTurn().call(sh('touch u.txt', 'u2'));
    expect(h.asked).toHaveLength(1);
    await settle();
    expect(permissionEvents(h.events, 'u2')[0]!.payload).toMatchObject({ layer: 'user' });
  });

  test('allow_always where no layer file can keep it: not offered, and the answer becomes a session grant', async () => {
    const h = setup(always('allow_always'), { policyFiles: { user: null, managed: null, project: null } });
    const turn = h.rt.beginTurn();
    expect((await turn.call(sh('touch x.txt', 'x1'))).isError).toBe(false);
    expect(h.asked[0]!.alwaysLayers).toEqual([]);
    expect(existsSync(path.join(h.ws, '.handrail', 'policy.json'))).toBe(false);
    await turn.call(sh('touch x.txt'));
    expect(h.asked).toHaveLength(1);
    await settle();
    const resolved = permissionEvents(h.events, 'x1').find((e) => e.type.endsWith('resolved'))!;
    expect(resolved.payload.note).toMatch(/approved for the session/);
  });

  test('deny with feedback reaches the model as approval_denied, and the command never ran', async () => {
    const h = setup(always('deny', { feedback: 'use the staging bucket instead' }));
    const result = await h.rt.beginTurn().call(sh('touch denied.txt'));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(text(result)).toContain('The user denied exec_command: use the staging bucket instead');
    expect(existsSync(path.join(h.ws, 'denied.txt'))).toBe(false);
    const plain = await setup(always('deny')).rt.beginTurn().call(sh('touch d.txt'));
    expect(text(plain)).toMatch(/The user denied exec_command\. Do not retry the same call/);
  });

  test('expired after approvalTimeoutMs: denied, the approver is told, nothing ran', async () => {
    let signal: AbortSignal | undefined;
    const h = setup(
      (_r, ctx) => {
        signal = ctx.signal;
        return new Promise(() => undefined);
      },
      { approvalTimeoutMs: 50 },
    );
    const result = await h.rt.beginTurn().call(sh('touch late.txt', 'late'));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(text(result)).toMatch(
      /Nobody answered the approval request for exec_command within .*, so it was denied/,
    );
    expect(signal?.aborted).toBe(true);
    expect(existsSync(path.join(h.ws, 'late.txt'))).toBe(false);
    await settle();
    const resolved = permissionEvents(h.events, 'late').find((e) => e.type.endsWith('resolved'))!;
    expect(resolved.payload).toMatchObject({ decision: 'expired', decidedBy: 'timeout' });
  });

  test('an approver that throws denies, and the model is not told a human said no', async () => {
    const h = setup(() => {
      throw new Error('approval service unreachable');
    });
    const result = await h.rt.beginTurn().call(sh('touch t.txt'));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(text(result)).toContain('approval service unreachable');
    expect(text(result)).not.toMatch(/The user denied/);
    expect(existsSync(path.join(h.ws, 't.txt'))).toBe(false);
  });

  test('an approver that answers nonsense a serializer chokes on still denies cleanly', async () => {
    const h = setup(() => ({ decision: 'sure', n: 1n }) as unknown as ApproverAnswer);
    const result = await h.rt.beginTurn().call(sh('touch n.txt', 'nonsense'));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(text(result)).toMatch(/approver failed/);
    await settle();
    expect(permissionEvents(h.events, 'nonsense').map((e) => e.type)).toEqual([
      'turn/permission/request/opened',
      'turn/permission/request/resolved',
      'turn/permission/decided',
    ]);
  });

  test('abort while waiting: cancelled, the approver is told, the process never ran', async () => {
    let signal: AbortSignal | undefined;
    const h = setup((_r, ctx) => {
      signal = ctx.signal;
      return new Promise(() => undefined);
    });
    const controller = new AbortController();
    const turn = h.rt.beginTurn();
    const pending = turn.call(sh('touch aborted.txt', 'ab'), { signal: controller.signal });
    while (h.asked.length === 0) await new Promise((r) => setTimeout(r, 1));
    controller.abort();
    const result = await pending;
    expect(result.outcome.errorClass).toBe('cancelled');
    expect(signal?.aborted).toBe(true);
    await settle();
    expect(existsSync(path.join(h.ws, 'aborted.txt'))).toBe(false);
    const resolved = permissionEvents(h.events, 'ab').find((e) => e.type.endsWith('resolved'))!;
    expect(resolved.payload.decision).toBe('cancelled');
  });

  test('ending the turn ends its pending approval even when the call has its own signal (the queue moves on)', async () => {
    const signals: AbortSignal[] = [];
    const h = setup((r, ctx) => {
      signals.push(ctx.signal);
      return r.summary === 'touch stuck.txt' ? new Promise(() => undefined) : { decision: 'allow_once' };
    });
    const turn = h.rt.beginTurn();
    const pending = turn.call(sh('touch stuck.txt'), { signal: new AbortController().signal });
    while (h.asked.length === 0) await new Promise((r) => setTimeout(r, 1));
    await turn.end();
    expect((await pending).outcome.errorClass).toBe('cancelled');
    expect(signals[0]!.aborted).toBe(true);
    // With concurrency 1, a request left open would block every other turn until it expired.
    const next = await h.rt.beginTurn().call(sh('touch next.txt'));
    expect(next.isError).toBe(false);
    expect(existsSync(path.join(h.ws, 'stuck.txt'))).toBe(false);
    expect(existsSync(path.join(h.ws, 'next.txt'))).toBe(true);
  });
});

describe('approvals are bound to exactly what was approved', () => {
  test('the same call id with edited arguments is a new request', async () => {
    const h = setup((r) => ({ decision: r.summary === 'touch ok.txt' ? 'allow_for_turn' : 'deny' }));
    const turn = h.rt.beginTurn();
    await turn.call(sh('touch ok.txt', 'same-id'));
    const replay = await turn.call(sh('touch ok.txt evil.txt', 'same-id'));
    expect(replay.outcome.errorClass).toBe('approval_denied');
    expect(h.asked.map((r) => r.summary)).toEqual(['touch ok.txt', 'touch ok.txt evil.txt']);
    expect(h.asked[0]!.requestKey).not.toBe(h.asked[1]!.requestKey);
    expect(existsSync(path.join(h.ws, 'evil.txt'))).toBe(false);
  });

  test('a write with the same path but other content is asked again', async () => {
    const h = setup((r) => ({ decision: r.preview.includes('approved text') ? 'allow_for_turn' : 'deny' }));
    const turn = h.rt.beginTurn();
    const write = (content: string) => ({
      id: `w${++ids}`,
      name: 'write_file',
      arguments: { path: 'w.txt', content },
    });
    expect((await turn.call(write('approved text'))).isError).toBe(false);
    const edited = await turn.call(write('something else'));
    expect(edited.outcome.errorClass).toBe('approval_denied');
    expect(readFileSync(path.join(h.ws, 'w.txt'), 'utf8')).toBe('approved text');
  });

  test('a beforeToolCall hook that rewrites an approved call is asked again for the new call', async () => {
    const h = setup((r) => ({ decision: r.summary === 'touch hooked.txt' ? 'allow_once' : 'deny' }), {
      hooks: {
        beforeToolCall: ({ call }) =>
          call.arguments.cmd === 'touch hooked.txt'
            ? { arguments: { cmd: 'touch rewritten.txt' } }
            : undefined,
      },
    });
    const result = await h.rt.beginTurn().call(sh('touch hooked.txt'));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(h.asked.map((r) => r.summary)).toEqual(['touch hooked.txt', 'touch rewritten.txt']);
    expect(existsSync(path.join(h.ws, 'rewritten.txt'))).toBe(false);
    expect(existsSync(path.join(h.ws, 'hooked.txt'))).toBe(false);
  });

  test('the model cannot write its own allow rule: the policy file is protected even in full_access', async () => {
    const h = setup(undefined, { profile: 'full_access' });
    const result = await h.rt.beginTurn().call({
      id: 'p',
      name: 'write_file',
      arguments: { path: '.handrail/policy.json', content: '{"allow":["exec_command(*)"]}' },
    });
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(h.ws, '.handrail', 'policy.json'))).toBe(false);
  });
});

describe('modes and rules around the ask', () => {
  test('dangerous commands ask even in full_access, and an allow rule does not skip the ask', async () => {
    const h = setup(always('deny'), {
      profile: { mode: 'full_access', policy: { allow: ['exec_command(rm -rf keep)'] } },
    });
    mkdirSync(path.join(h.ws, 'keep'));
    const result = await h.rt.beginTurn().call(sh('rm -rf keep'));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.reason).toMatch(/dangerous/);
    expect(h.asked[0]!.alwaysLayers).toEqual([]);
    expect(h.asked[0]!.suggestedRule).toBeUndefined();
    expect(existsSync(path.join(h.ws, 'keep'))).toBe(true);
    const none = setup(undefined, { profile: 'full_access', workspace: h.ws });
    const refused = await none.rt.beginTurn().call(sh('rm -rf keep'));
    expect(text(refused)).toMatch(/Dangerous commands always need a human/);
    expect(text(refused)).not.toMatch(/choose a profile/i);
    expect(existsSync(path.join(h.ws, 'keep'))).toBe(true);
  });

  test('deny rules show their message to the model and never reach the approver', async () => {
    const h = setup(always('allow_once'), {
      profile: 'full_access',
      policy: {
        rules: [
          { tool: 'exec_command', command: ['touch'], decision: 'deny', message: 'Use write_file instead.' },
        ],
      },
    });
    const result = await h.rt.beginTurn().call(sh('touch r.txt'));
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(text(result)).toContain('Use write_file instead');
    expect(text(result)).toContain('session policy');
    expect(text(result)).not.toMatch(/\.\s*\(rule/);
    expect(h.asked).toHaveLength(0);
    expect(existsSync(path.join(h.ws, 'r.txt'))).toBe(false);
  });

  test('an ask rule asks even for a known-safe command; "always" is not offered since allow cannot beat ask', async () => {
    const h = setup(always('allow_always'), { policy: { ask: ['exec_command(ls)'] } });
    const turn = h.rt.beginTurn();
    expect((await turn.call(sh('ls', 'ls1'))).isError).toBe(false);
    expect(h.asked[0]!.matchedRule).toBe('exec_command(ls) (session policy)');
    expect(h.asked[0]!.alwaysLayers).toEqual([]);
    // The answer was kept as a session grant, not as a rule that could never apply.
    expect(existsSync(path.join(h.ws, '.handrail', 'policy.json'))).toBe(false);
    await turn.call(sh('ls'));
    expect(h.asked).toHaveLength(1);
    const none = setup(undefined, { policy: { ask: ['exec_command(ls)'] } });
    const refused = await none.rt.beginTurn().call(sh('ls'));
    expect(refused.outcome.errorClass).toBe('approval_denied');
    expect(text(refused)).toMatch(/cannot override the ask rule exec_command\(ls\) \(session policy/);
    expect(text(refused)).not.toMatch(/"allow" list/);
  });

  test('without an approver, ask denies with the exact rule that would allow it, and that rule works', async () => {
    const h = setup(undefined);
    const refused = await h.rt.beginTurn().call(sh('touch later.txt'));
    expect(refused.outcome.errorClass).toBe('approval_denied');
    const file = path.join(h.ws, '.handrail', 'policy.json');
    expect(text(refused)).toContain(`add "exec_command(touch later.txt)" to the "allow" list of ${file}`);
    expect(existsSync(path.join(h.ws, 'later.txt'))).toBe(false);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ allow: ['exec_command(touch later.txt)'] }));
    const again = setup(undefined, { workspace: h.ws });
    expect((await again.rt.beginTurn().call(sh('touch later.txt'))).isError).toBe(false);
    expect(existsSync(path.join(h.ws, 'later.txt'))).toBe(true);
  });

  test('read_only denies writes and side-effecting commands without asking; reads still work', async () => {
    const h = setup(always('allow_once'), { profile: 'read_only' });
    writeFileSync(path.join(h.ws, 'r.txt'), 'data');
    const turn = h.rt.beginTurn();
    const write = await turn.call({
      id: 'w',
      name: 'write_file',
      arguments: { path: 'new.txt', content: 'x' },
    });
    expect(write.outcome.errorClass).toBe('permission_denied');
    expect(text(write)).toMatch(/read_only mode does not allow file writes/);
    const shell = await turn.call(sh('touch new2.txt'));
    expect(shell.outcome.errorClass).toBe('permission_denied');
    const read = await turn.call({ id: 'r', name: 'read_file', arguments: { path: 'r.txt' } });
    expect(read.isError).toBe(false);
    expect(h.asked).toHaveLength(0);
    expect(existsSync(path.join(h.ws, 'new.txt'))).toBe(false);
    expect(existsSync(path.join(h.ws, 'new2.txt'))).toBe(false);
  });

  test('auto_accept_edits writes inside its roots without asking and asks outside', async () => {
    const outside = workspace();
    const ws = workspace();
    const h = setup((r) => ({ decision: r.summary.includes('second') ? 'deny' : 'allow_once' }), {
      workspace: ws,
      profile: { mode: 'auto_accept_edits', writableRoots: [ws] },
      roots: [
        { path: ws, access: 'write' },
        { path: outside, access: 'write' },
      ],
    });
    const turn = h.rt.beginTurn();
    const write = (p: string, content: string) => ({
      id: `w${++ids}`,
      name: 'write_file',
      arguments: { path: p, content },
    });
    expect((await turn.call(write('in.txt', 'x'))).isError).toBe(false);
    expect(h.asked).toHaveLength(0);
    expect((await turn.call(write(path.join(outside, 'first.txt'), 'x'))).isError).toBe(false);
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.reason).toMatch(/outside the writable roots/);
    const refused = await turn.call(write(path.join(outside, 'second.txt'), 'x'));
    expect(refused.outcome.errorClass).toBe('approval_denied');
    expect(existsSync(path.join(ws, 'in.txt'))).toBe(true);
    expect(existsSync(path.join(outside, 'first.txt'))).toBe(true);
    expect(existsSync(path.join(outside, 'second.txt'))).toBe(false);
  });
});

describe('10,000 asks in one turn', () => {
  test('bounded: the cap denies the excess clearly, one question at a time, events in order per call', async () => {
    let ran = 0;
    const noop = defineTool({
      name: 'side_effect',
      description: 'Counts its runs (test tool with side effects).',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute() {
        ran++;
        return 'done';
      },
    }) as ToolSpec;
    let active = 0;
    let most = 0;
    const h = setup(
      async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setImmediate(r));
        active--;
        return { decision: 'allow_once' };
      },
      { tools: [noop], limits: { maxCallsPerTurn: 20_000 } },
    );
    const turn = h.rt.beginTurn();
    const heapBefore = process.memoryUsage().heapUsed;
    const results = await Promise.all(
      Array.from({ length: 10_000 }, (_, i) =>
        turn.call({ id: `m${i}`, name: 'side_effect', arguments: { n: i } }),
      ),
    );
    const allowed = results.filter((r) => !r.isError);
    const capped = results.filter((r) => r.isError);
    expect(allowed.length + capped.length).toBe(10_000);
    expect(allowed.length).toBeGreaterThanOrEqual(256);
    expect(capped.length).toBeGreaterThan(0);
    expect(ran).toBe(allowed.length);
    expect(h.asked.length).toBe(allowed.length);
    expect(most).toBe(1);
    for (const r of capped) {
      expect(r.outcome.errorClass).toBe('approval_denied');
      expect(text(r)).toMatch(
        /^side_effect was not approved: 256 approvals are already waiting; the call was not queued/,
      );
    }
    // The pipeline keeps nothing per finished call: growth is a small multiple of what the results themselves hold.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024);
    await settle();
    const perCall = new Map<string, string[]>();
    for (const e of h.events) {
      if (!e.callId || !e.type.startsWith('turn/permission/')) continue;
      const list = perCall.get(e.callId) ?? [];
      list.push(e.type.replace('turn/permission/', ''));
      perCall.set(e.callId, list);
    }
    expect(perCall.size).toBe(10_000);
    for (const order of perCall.values())
      expect(order).toEqual(['request/opened', 'request/resolved', 'decided']);
    // The queue drained: the next ask is asked normally.
    expect((await turn.call({ id: 'last', name: 'side_effect', arguments: { n: -1 } })).isError).toBe(false);
  }, 60_000);
});

describe('queued requests see what happened while they waited', () => {
  test('identical calls queued behind an "always" answer run under the new rule without being asked', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = setup(async () => {
      await gate;
      return { decision: 'allow_always' };
    });
    const turn = h.rt.beginTurn();
    // Three identical writes: the first waits for its answer, the other two wait in the queue.
    const calls = [1, 2, 3].map((i) =>
      turn.call({ id: `w${i}`, name: 'write_file', arguments: { path: 'notes.txt', content: 'same\n' } }),
    );
    await settle();
    release();
    const results = await Promise.all(calls);
    expect(results.map((r) => r.isError)).toEqual([false, false, false]);
    expect(h.asked).toHaveLength(1);
    const policy = JSON.parse(readFileSync(path.join(h.ws, '.handrail', 'policy.json'), 'utf8'));
    expect(policy.allow).toEqual([`write_file(${path.join(h.ws, 'notes.txt')})`]);
    await settle();
    const resolved = h.events.filter((e) => e.type === 'turn/permission/request/resolved');
    expect(resolved.map((e) => e.payload.decidedBy)).toEqual([
      'callback',
      expect.stringMatching(/^rule:write_file\(/),
      expect.stringMatching(/^rule:write_file\(/),
    ]);
    await turn.end();
  });

  test('turn grants end with their turn', async () => {
    const h = setup(always('allow_for_turn'));
    const first = h.rt.beginTurn({ threadId: 't' });
    expect((await first.call(sh('touch a'))).isError).toBe(false);
    expect((await first.call(sh('touch a'))).isError).toBe(false);
    expect(h.asked).toHaveLength(1);
    await first.end();
    const second = h.rt.beginTurn({ threadId: 't' });
    expect((await second.call(sh('touch a'))).isError).toBe(false);
    expect(h.asked).toHaveLength(2);
    await second.end();
    expect(existsSync(path.join(h.ws, 'a'))).toBe(true);
  });
});

describe('a project policy that came with the repository', () => {
  test('cannot allow anything until trusted, and "always" then writes to the user layer', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws, '.handrail'), { recursive: true });
    writeFileSync(path.join(ws, '.handrail', 'policy.json'), JSON.stringify({ allow: ['*'] }));
    const userFile = path.join(workspace(), 'user-policy.json');
    writeFileSync(userFile, '{}');
    const h = setup(always('allow_always'), {
      workspace: ws,
      trustProjectPolicy: false,
      policyFiles: { user: userFile, managed: null },
    });
    const turn = h.rt.beginTurn();
    const written = await turn.call({
      id: 'w',
      name: 'write_file',
      arguments: { path: 'a.txt', content: 'x\n' },
    });
    expect(written.isError).toBe(false);
    // The project's `allow: ["*"]` did not apply: the human was asked, and "always" went to the user's file.
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.alwaysLayers).toEqual(['user']);
    expect(JSON.parse(readFileSync(userFile, 'utf8')).allow).toEqual([
      `write_file(${path.join(ws, 'a.txt')})`,
    ]);
    await turn.end();
  });
});

describe("a tool's own approval requirement", () => {
  const tool = (name: string, approval: ToolSpec['approval']) =>
    defineTool({
      name,
      description: `${name}.`,
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      approval,
      execute: () => 'ran',
    });

  test("'always' asks even where the profile allows; a function may decide per call", async () => {
    const h = setup(always('deny'), {
      profile: 'full_access',
      tools: [
        tool('guarded', 'always'),
        tool('per_call', (args) => ((args.n as number) > 5 ? 'always' : 'never')),
      ],
    });
    const turn = h.rt.beginTurn();
    const guarded = await turn.call({ id: 'g', name: 'guarded', arguments: {} });
    expect(guarded.outcome.errorClass).toBe('approval_denied');
    expect(h.asked[0]).toMatchObject({ tool: 'guarded', matchedRule: 'tool:guarded:approval=always' });
    expect((await turn.call({ id: 'p1', name: 'per_call', arguments: { n: 1 } })).isError).toBe(false);
    expect((await turn.call({ id: 'p9', name: 'per_call', arguments: { n: 9 } })).isError).toBe(true);
    expect(h.asked).toHaveLength(2);
    await turn.end();
  });

  test("'never' skips the mode's ask for a registered tool, but not for a dynamic one or past a rule", async () => {
    const h = setup(undefined, {
      profile: 'supervised',
      tools: [tool('quiet', 'never'), tool('quiet_by_rule', 'never')],
      policy: { ask: ['quiet_by_rule'] },
    });
    h.rt.registerTool(tool('dyn_quiet', 'never'), { dynamic: true });
    const turn = h.rt.beginTurn();
    expect((await turn.call({ id: 'q', name: 'quiet', arguments: {} })).isError).toBe(false);
    expect((await turn.call({ id: 'r', name: 'quiet_by_rule', arguments: {} })).outcome.errorClass).toBe(
      'approval_denied',
    );
    expect((await turn.call({ id: 'd', name: 'dyn_quiet', arguments: {} })).outcome.errorClass).toBe(
      'approval_denied',
    );
    await turn.end();
  });
});
