// Standard input: closed for everything but tty sessions. A program that reads it gets end-of-file at once
// instead of waiting for its timeout; input goes to tty sessions through write_stdin.
import { describe, expect, it } from 'vitest';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { sessionId, shellRuntime } from './helpers.js';

const sandboxes = (bwrapReady ? ['bwrap', 'none'] : ['none']) as Array<'bwrap' | 'none'>;

/** Programs that read standard input until end-of-file, then say what they got. */
const READERS = [
  'cat; echo cat-done',
  'read -r x; echo "read-status:$?"',
  'python3 -c "import sys; print(\'python-read:\', len(sys.stdin.read()))"',
].join('; ');

describe.each(sandboxes)('standard input (sandbox %s)', (sandbox) => {
  it('exec_command without tty: cat, read and python3 get end-of-file at once', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = text(
      await turn.call(call('exec_command', { cmd: READERS, yield_time_ms: 5000, timeout_ms: 20_000 })),
    );
    // Exited within the 5 s yield, not still running at its 20 s timeout: the readers saw end-of-file.
    expect(result).toContain('Process exited with code 0');
    expect(result).toMatch(/Output:\ncat-done\nread-status:1\npython-read: 0\n?$/);
  });

  it('bash: the same programs get end-of-file at once', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('bash', { command: READERS, timeout: 20 }));
    // Not a timeout (20 s) error: the readers saw end-of-file (`read` exits 1 at EOF).
    expect(result.isError).toBe(false);
    expect(text(result)).toMatch(/cat-done\nread-status:1\npython-read: 0$/);
  });

  it('write_stdin to a session started without tty says to start it with tty: true', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const first = text(
      await turn.call(call('exec_command', { cmd: 'sleep 30', yield_time_ms: 250, timeout_ms: 20_000 })),
    );
    const id = sessionId(first);
    const written = await turn.call(call('write_stdin', { session_id: id, chars: 'hello\n' }));
    expect(written.isError).toBe(true);
    expect(written.outcome.errorClass).toBe('conflict');
    expect(text(written)).toContain(
      `Session ${id} (\`sleep 30\`) was started without tty: true, so its standard input is closed and nothing was written. Start the command with tty: true to send it input`,
    );
    // A poll and Ctrl-C still work.
    expect(
      text(await turn.call(call('write_stdin', { session_id: id, chars: '', yield_time_ms: 250 }))),
    ).toContain(`Process running with session ID ${id}`);
    await turn.call(call('write_stdin', { session_id: id, chars: '\u0003', yield_time_ms: 2000 }));
    expect(
      text(await turn.call(call('write_stdin', { session_id: id, chars: '', yield_time_ms: 5000 }))),
    ).toMatch(/Process exited with code/);
  });

  it('a tty session takes input through write_stdin', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const first = text(
      await turn.call(
        call('exec_command', {
          cmd: 'read -r x; echo "got:$x"',
          tty: true,
          yield_time_ms: 250,
          timeout_ms: 20_000,
        }),
      ),
    );
    const id = sessionId(first);
    const answered = text(
      await turn.call(call('write_stdin', { session_id: id, chars: 'hello\n', yield_time_ms: 5000 })),
    );
    expect(answered).toContain('got:hello');
  });
});
