import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { UNSANDBOXED_NOTICE } from '../../../src/index.js';
import { eventually, processesRunning, uniqueSleep } from '../../support/processes.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { tempDir } from '../../support/temp.js';
import { sessionId, shellRuntime } from './helpers.js';

const sandboxes = (bwrapReady ? ['bwrap', 'none'] : ['none']) as Array<'bwrap' | 'none'>;
const WALL = String.raw`Wall time: \d+\.\d{4} seconds`;

describe.each(sandboxes)('exec_command and write_stdin (sandbox %s)', (sandbox) => {
  const notice = sandbox === 'none' ? `${UNSANDBOXED_NOTICE}\n` : '';

  it('streams output through onUpdate while it waits, and stays quiet once the call has returned', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const updates: string[] = [];
    const result = await turn.call(
      call('exec_command', {
        cmd: 'echo tick1; sleep 0.4; echo tick2; sleep 2; echo late',
        yield_time_ms: 1500,
      }),
      {
        onUpdate: (update) => {
          const part = update.content?.[0];
          if (part?.type === 'text') updates.push(part.text);
        },
      },
    );
    expect(text(result)).toContain('Process running with session ID');
    expect(updates[0]).toContain('tick1');
    expect(updates.at(-1)).toContain('tick2');
    const seen = updates.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(updates.length).toBe(seen);
    expect(updates.join('')).not.toContain('late');
    await turn.end();
  });

  it('returns the exit code and output of a command that exits, in the Codex shape', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('exec_command', { cmd: 'echo hello; echo world' }));
    expect(result.isError).toBe(false);
    expect(text(result)).toMatch(
      new RegExp(
        `^${WALL}\nProcess exited with code 0\nOriginal token count: 3\n${escapeRegex(notice)}Output:\nhello\nworld\n?$`,
      ),
    );
  });

  it('reports a non-zero exit code as a normal result', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('exec_command', { cmd: 'echo nope >&2; exit 7' }));
    expect(result.isError).toBe(false);
    expect(text(result)).toMatch(new RegExp(`^${WALL}\nProcess exited with code 7\n`));
    expect(text(result)).toMatch(/Output:\nnope\n?$/);
  });

  it('yields a session for a long command, and write_stdin polls it to completion', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const first = text(
      await turn.call(call('exec_command', { cmd: 'echo start; sleep 1; echo done', yield_time_ms: 250 })),
    );
    expect(first).toMatch(new RegExp(`^${WALL}\nProcess running with session ID 1\n`));
    expect(first).toMatch(/Output:\nstart\n?$/);
    const id = sessionId(first);
    const polled = await turn.call(call('write_stdin', { session_id: id, chars: '', yield_time_ms: 10_000 }));
    expect(polled.isError).toBe(false);
    expect(text(polled)).toMatch(new RegExp(`^${WALL}\nProcess exited with code 0\n`));
    expect(text(polled)).toMatch(/Output:\ndone\n?$/);
  });

  it('feeds a cat session started with tty: true and echoes what was written', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const id = sessionId(
      text(await turn.call(call('exec_command', { cmd: 'stty -echo; cat', tty: true, yield_time_ms: 250 }))),
    );
    const echoed = text(
      await turn.call(call('write_stdin', { session_id: id, chars: 'ping\n', yield_time_ms: 1000 })),
    );
    expect(echoed).toMatch(new RegExp(`Process running with session ID ${id}`));
    expect(echoed).toMatch(/Output:\nping\r?\n?$/);
    // Ctrl-C stops it.
    await turn.call(call('write_stdin', { session_id: id, chars: '\u0003', yield_time_ms: 250 }));
    const last = text(
      await turn.call(call('write_stdin', { session_id: id, chars: '', yield_time_ms: 5000 })),
    );
    expect(last).toMatch(/Process exited with code \d+/);
  });

  it('explains an unknown session id', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('write_stdin', { session_id: 99, chars: 'x' }));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('No session with ID 99.');
    expect(result.outcome.errorClass).toBe('not_found');
  });

  it('kills a command that exceeds timeout_ms, with everything it started', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const secs = uniqueSleep();
    const result = text(
      await turn.call(
        call('exec_command', {
          cmd: `sleep ${secs} & sleep ${secs}`,
          timeout_ms: 500,
          yield_time_ms: 10_000,
        }),
      ),
    );
    expect(result).toMatch(/Process exited with code \d+/);
    expect(result).toContain('The command was killed after its timeout of 500 ms.');
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('kills the process of an aborted call', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const secs = uniqueSleep();
    const controller = new AbortController();
    const pending = turn.call(call('exec_command', { cmd: `sleep ${secs}`, yield_time_ms: 30_000 }), {
      signal: controller.signal,
    });
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length > 0, 500)).toBe(true);
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('kills running sessions when the turn ends', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const secs = uniqueSleep();
    const first = text(
      await turn.call(
        call('exec_command', { cmd: `sleep ${secs} & sleep ${secs}; wait`, yield_time_ms: 250 }),
      ),
    );
    sessionId(first);
    expect(processesRunning(`sleep ${secs}`).length).toBeGreaterThan(0);
    await turn.end();
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('kills a backgrounded session at its timeout, and the next poll says so', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const secs = uniqueSleep();
    const first = text(
      await turn.call(call('exec_command', { cmd: `sleep ${secs}`, timeout_ms: 600, yield_time_ms: 250 })),
    );
    const id = sessionId(first);
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
    const polled = text(
      await turn.call(call('write_stdin', { session_id: id, chars: '', yield_time_ms: 5000 })),
    );
    expect(polled).toMatch(/Process exited with code \d+/);
    expect(polled).toContain('The command was killed after its timeout of 600 ms.');
  });

  it('runs tty sessions in a pseudo-terminal that answers input', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const first = text(
      await turn.call(
        call('exec_command', {
          cmd: 'test -t 0 && echo interactive; read -r line; echo "got:$line"',
          tty: true,
          yield_time_ms: 500,
        }),
      ),
    );
    expect(first).toContain('interactive');
    const id = sessionId(first);
    const answered = text(
      await turn.call(call('write_stdin', { session_id: id, chars: 'hello\n', yield_time_ms: 5000 })),
    );
    expect(answered).toMatch(/Process exited with code 0/);
    expect(answered).toContain('got:hello');
  });

  it('kills every session when the runtime closes', async () => {
    const runtime = shellRuntime({ sandbox });
    const secs = uniqueSleep();
    for (let i = 0; i < 2; i++) {
      const turn = runtime.beginTurn();
      sessionId(text(await turn.call(call('exec_command', { cmd: `sleep ${secs}`, yield_time_ms: 250 }))));
    }
    expect(processesRunning(`sleep ${secs}`).length).toBeGreaterThanOrEqual(2);
    await runtime.close();
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('does not pass secrets from the environment', async () => {
    const previous = process.env.GITHUB_TOKEN;
    process.env.GITHUB_TOKEN = 'ghp_handrailtestsecret';
    try {
      const turn = shellRuntime({ sandbox }).beginTurn();
      const result = text(await turn.call(call('exec_command', { cmd: 'echo "[$GITHUB_TOKEN]"' })));
      expect(result).toMatch(/Output:\n\[\]\n?$/);
      expect(result).not.toContain('ghp_');
    } finally {
      if (previous === undefined) delete process.env.GITHUB_TOKEN;
      else process.env.GITHUB_TOKEN = previous;
    }
  });

  it('refuses a working directory outside the roots as a sandbox violation', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('exec_command', { cmd: 'pwd', workdir: '/etc' }));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
  });
});

describe('sandbox facts', () => {
  it('says every result of sandbox none ran unsandboxed, polls included', async () => {
    const turn = shellRuntime({ sandbox: 'none' }).beginTurn();
    const first = text(
      await turn.call(call('exec_command', { cmd: 'sleep 0.5; echo ok', yield_time_ms: 250 })),
    );
    expect(first).toContain(UNSANDBOXED_NOTICE);
    const id = sessionId(first);
    const polled = text(await turn.call(call('write_stdin', { session_id: id, chars: '' })));
    expect(polled).toContain(UNSANDBOXED_NOTICE);
    const bash = text(await turn.call(call('bash', { command: 'true' })));
    expect(bash).toContain(UNSANDBOXED_NOTICE);
  });

  describe.skipIf(!bwrapReady)('under bwrap', () => {
    let outside: string;
    beforeEach(() => {
      outside = tempDir('handrail-outside-');
    });

    it('blocks a write outside the roots, and the file does not exist afterwards', async () => {
      const turn = shellRuntime({ sandbox: 'bwrap' }).beginTurn();
      const target = path.join(outside, 'escaped.txt');
      const result = text(await turn.call(call('exec_command', { cmd: `echo pwned > ${target}` })));
      expect(result).not.toMatch(/Process exited with code 0\n/);
      expect(result).not.toContain(UNSANDBOXED_NOTICE);
      expect(existsSync(target)).toBe(false);
    });

    it('runs commands in bwrap by default (sandbox auto)', async () => {
      const turn = shellRuntime().beginTurn();
      const result = text(await turn.call(call('exec_command', { cmd: 'echo in-sandbox' })));
      expect(result).toMatch(/Process exited with code 0/);
      expect(result).not.toContain(UNSANDBOXED_NOTICE);
    });
  });
});

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
