// The terminal approver with real streams: a pipe (PassThrough, lines) and a fake TTY (raw keys). Everything
// it shows came from the model, so the output is checked for raw control bytes.
import { PassThrough } from 'node:stream';
import { describe, expect, test, vi } from 'vitest';
import { ApprovalBroker } from '../../../src/policy/approval/broker.js';
import type { ApprovalRequest, ApproverAnswer } from '../../../src/policy/approval/types.js';
import { terminalApprover } from '../../../src/policy/approvers/terminal.js';

let n = 0;
function request(extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  n++;
  return {
    id: `r${n}`,
    requestKey: `k${n}`,
    tool: 'exec_command',
    action: 'shell_command',
    mode: 'supervised',
    threadId: 'th',
    turnId: 'tu',
    callId: `c${n}`,
    summary: `npm run job${n}`,
    reason: 'supervised asks before commands with side effects',
    preview: `$ npm run job${n}`,
    matchedRule: 'mode:supervised:shell_command:unknown',
    suggestedRule: [`exec_command(npm run job${n})`],
    alwaysLayers: ['project'],
    ...extra,
  };
}

/** A pipe pair: what the approver prints is collected; answers are written when a prompt (`> `, feedback) appears. */
function pipe(answers: string[] = []) {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  let prompts = 0;
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
    const seen = printed.split(/> |\(Enter to skip\): /).length - 1;
    while (prompts < seen) {
      prompts++;
      const next = answers.shift();
      if (next !== undefined) setImmediate(() => input.write(next));
    }
  });
  return { input, output, printed: () => printed, answers };
}

/** A fake TTY: isTTY and setRawMode, so the approver reads single raw keys. */
function tty(answers: string[] = []) {
  const p = pipe(answers);
  const modes: boolean[] = [];
  const input = Object.assign(p.input, {
    isTTY: true,
    setRawMode: (raw: boolean) => {
      modes.push(raw);
      return input;
    },
  });
  return { ...p, input, modes };
}

const live = () => new AbortController().signal;
const RAW_CONTROLS = /[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f\u202e]|\u001b(?!\[[0-9;]*m)/;

describe('terminal approver over a pipe', () => {
  test.each([
    ['y', 'allow_once'],
    ['t', 'allow_for_turn'],
    ['s', 'allow_for_session'],
    ['a', 'allow_always'],
    ['Y', 'allow_once'],
  ])('%s answers %s', async (key, decision) => {
    const io = pipe([`${key}\n`]);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect(await approver(request(), { signal: live() })).toEqual({ decision, by: 'terminal' });
    expect(io.printed()).toContain(
      '[y] once  [t] this turn  [s] this session  [a] always (adds exec_command(',
    );
  });

  test('n then a feedback line; n then an empty line has no feedback', async () => {
    const io = pipe(['n\n', 'use the staging bucket\n', 'n\n', '\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect(await approver(request(), { signal: live() })).toEqual({
      decision: 'deny',
      feedback: 'use the staging bucket',
      by: 'terminal',
    });
    expect(await approver(request(), { signal: live() })).toEqual({ decision: 'deny', by: 'terminal' });
    expect(io.printed()).toContain('feedback for the model (Enter to skip)');
  });

  test('only a single key answers: "abort", "sure", "yes" and empty lines ask again', async () => {
    const io = pipe(['abort\n', 'sure\n', 'yes\n', '\n', 'x\n', 'n\n', '\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect((await approver(request(), { signal: live() })).decision).toBe('deny');
    expect(io.printed()).toContain('abort? answer with one of the keys in brackets');
    expect(io.printed()).toContain('sure?');
  });

  test('"a" is not offered, and not accepted, when no rule can keep "always"', async () => {
    const io = pipe(['a\n', 'y\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    const answer = await approver(request({ alwaysLayers: [], suggestedRule: undefined }), {
      signal: live(),
    });
    expect(answer.decision).toBe('allow_once');
    expect(io.printed()).not.toContain('[a] always');
    expect(io.printed()).toContain('a? answer');
  });

  test('untrusted text is escaped: no raw escape sequences, bells or bidi overrides reach the terminal', async () => {
    const io = pipe(['y\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: true });
    await approver(
      request({
        tool: 'evil\u001b]0;pwned\u0007',
        summary: 'ls\u001b[2J\u001b[H\r\u202eexe.sh',
        reason: 'because\u001b[31m red',
        preview: '$ ls\u001b[1A\u001b[2K approved!',
        suggestedRule: ['exec_command(ls\u001b[8m)'],
      }),
      { signal: live() },
    );
    const out = io.printed();
    expect(out).not.toMatch(RAW_CONTROLS);
    expect(out).toContain('\\x1b[2J');
    expect(out).toContain('\\u202e');
    expect(out).toContain('\\x1b[1A');
  });

  test('a very long summary is cut so the keys stay on screen', async () => {
    const io = pipe(['y\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    await approver(request({ summary: 'x'.repeat(100_000) }), { signal: live() });
    expect(io.printed().length).toBeLessThan(4000);
    expect(io.printed()).toMatch(/more characters/);
  });

  test('end of input: nobody can answer, which the broker turns into a deny', async () => {
    const io = pipe();
    io.input.end();
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    await expect(approver(request(), { signal: live() })).rejects.toThrow(/input is closed/);
    const outcome = await new ApprovalBroker({ approver }).ask(request(), live());
    expect(outcome).toMatchObject({ resolution: 'deny', decidedBy: 'broker' });
    expect(outcome.feedback).toMatch(/input is closed/);
  });

  test('answers typed ahead on a pipe are used in order, one per prompt', async () => {
    const io = pipe();
    io.input.write('t\ns\n');
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect((await approver(request(), { signal: live() })).decision).toBe('allow_for_turn');
    expect((await approver(request(), { signal: live() })).decision).toBe('allow_for_session');
  });

  test('concurrent prompts never interleave, even from two approvers on one terminal', async () => {
    const io = pipe(['y\n', 'n\n', '\n', 't\n']);
    const first = terminalApprover({ input: io.input, output: io.output, color: false });
    const second = terminalApprover({ input: io.input, output: io.output, color: false });
    const answers = await Promise.all([
      first(request({ summary: 'one' }), { signal: live() }),
      second(request({ summary: 'two' }), { signal: live() }),
      first(request({ summary: 'three' }), { signal: live() }),
    ]);
    expect(answers.map((a: ApproverAnswer) => a.decision)).toEqual(['allow_once', 'deny', 'allow_for_turn']);
    const out = io.printed();
    const one = out.indexOf('exec_command? one');
    const two = out.indexOf('exec_command? two');
    const three = out.indexOf('exec_command? three');
    // Each prompt's answer is echoed before the next prompt's header is printed.
    expect(out.indexOf('> y', one)).toBeLessThan(two);
    expect(out.indexOf('> n', two)).toBeLessThan(three);
  });

  test('a request that expired while waiting for the terminal prints nothing and eats no input', async () => {
    const io = pipe();
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    const gone = new AbortController();
    gone.abort();
    expect(await approver(request(), { signal: gone.signal })).toMatchObject({ decision: 'deny' });
    expect(io.printed()).toBe('');
    io.input.write('y\n');
    expect((await approver(request(), { signal: live() })).decision).toBe('allow_once');
  });

  test('abort while waiting for a key ends the prompt', async () => {
    const io = pipe();
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    const controller = new AbortController();
    const pending = approver(request(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await pending).decision).toBe('deny');
  });
});

describe('terminal approver on a TTY (raw keys)', () => {
  test('a single key answers, with raw mode on only while reading it', async () => {
    const io = tty(['s']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect(await approver(request(), { signal: live() })).toEqual({
      decision: 'allow_for_session',
      by: 'terminal',
    });
    expect(io.modes).toEqual([true, false]);
  });

  test('an arrow key is one key, never "a" (always): Up arrow, then y', async () => {
    const io = tty(['\u001b[A', '\u001bOA', 'y']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect((await approver(request(), { signal: live() })).decision).toBe('allow_once');
    expect(io.printed()).toContain('\\x1b[A? answer');
    expect(io.printed()).not.toMatch(RAW_CONTROLS);
  });

  test('n, then the feedback line is read with raw mode off', async () => {
    const io = tty(['n', 'not on prod\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect(await approver(request(), { signal: live() })).toEqual({
      decision: 'deny',
      feedback: 'not on prod',
      by: 'terminal',
    });
    expect(io.modes.at(-1)).toBe(false);
  });

  test('Ctrl-C and Ctrl-D deny', async () => {
    for (const key of ['\u0003', '\u0004']) {
      const io = tty([key]);
      const approver = terminalApprover({ input: io.input, output: io.output, color: false });
      expect((await approver(request(), { signal: live() })).decision).toBe('deny');
    }
  });

  test('keys typed before the prompt answer nothing: a stray "s" does not approve the session', async () => {
    const io = tty(['y']);
    io.input.write('s');
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect((await approver(request(), { signal: live() })).decision).toBe('allow_once');
  });

  test('a pasted "yes" answers one prompt; its rest does not answer the next one', async () => {
    const io = tty(['yes', 'n', '\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    expect((await approver(request(), { signal: live() })).decision).toBe('allow_once');
    expect((await approver(request(), { signal: live() })).decision).toBe('deny');
  });

  test('through the broker: one prompt at a time whatever arrives', async () => {
    const io = tty(['y', 'n', '\n', 't']);
    const approver = vi.fn(terminalApprover({ input: io.input, output: io.output, color: false }));
    const broker = new ApprovalBroker({ approver, approverName: 'terminal' });
    const outcomes = await Promise.all([1, 2, 3].map(() => broker.ask(request(), live())));
    expect(outcomes.map((o) => o.resolution)).toEqual(['allow_once', 'deny', 'allow_for_turn']);
    expect(outcomes.every((o) => o.decidedBy === 'terminal')).toBe(true);
    expect(io.modes.filter((m) => m)).toHaveLength(3);
  });
});

describe('a call that always asks', () => {
  test('offers only once and deny, and refuses the other keys', async () => {
    const io = pipe(['s\n', 't\n', 'y\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    const asked = request({ choices: ['allow_once', 'deny'], alwaysLayers: [], suggestedRule: undefined });
    expect(await approver(asked, { signal: live() })).toEqual({ decision: 'allow_once', by: 'terminal' });
    expect(io.printed()).toContain('[y] once  [n] deny');
    expect(io.printed()).not.toContain('[s]');
    expect(io.printed()).toMatch(/s\? answer with one of the keys/);
  });

  test('says what approving widens in the sandbox', async () => {
    const io = pipe(['n\n', '\n']);
    const approver = terminalApprover({ input: io.input, output: io.output, color: false });
    await approver(request({ widens: 'allow GET to api.example.com:443 (outside network.allow)' }), {
      signal: live(),
    });
    expect(io.printed()).toContain(
      'approving also: allow GET to api.example.com:443 (outside network.allow)',
    );
  });
});
