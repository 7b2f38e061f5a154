import { describe, expect, it } from 'vitest';
import { type Session, SessionLimit, type StartResult } from '../../../../src/tools/shell/session/index.js';
import { survivors } from '../../../support/processes.js';
import { until } from '../../../support/wait.js';
import { bashStarter, makeManager, peek } from './helpers.js';

function started(result: StartResult) {
  if (!result.ok) throw new Error(`expected a session: ${result.message}`);
  return result;
}

describe('SessionManager', () => {
  it('numbers sessions 1, 2, 3 per manager', async () => {
    const a = makeManager();
    const b = makeManager();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        started(a.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false })).session.id,
      );
    }
    expect(ids).toEqual([1, 2, 3]);
    expect(started(b.start(await bashStarter('true'), { command: 'true', tty: false })).session.id).toBe(1);
  });

  it('explains unknown, pruned and closed ids', async () => {
    const manager = makeManager();
    expect(manager.lookup(4)).toEqual({
      ok: false,
      message:
        'No session with ID 4. No session is running; exec_command returns a session ID when its command is ' +
        'still running.',
    });
    const { session } = started(
      manager.start(await bashStarter('sleep 1000'), { command: 'sleep 1000', tty: false }),
    );
    expect(manager.lookup(1)).toEqual({ ok: true, session });
    expect(manager.lookup(2)).toMatchObject({ message: 'No session with ID 2. Running sessions: 1.' });
    await manager.closeAll();
    expect(manager.lookup(1)).toMatchObject({ message: 'Session 1 was closed when the turn ended.' });
    expect(manager.start(await bashStarter('true'), { command: 'true', tty: false })).toEqual({
      ok: false,
      message: 'The turn has ended; its shell sessions are closed.',
    });
  });

  it('feeds stdout and stderr into the session buffer, and reads consume it', async () => {
    const manager = makeManager();
    const { session } = started(
      manager.start(await bashStarter('echo one; echo two >&2; read x; echo "got $x"'), {
        command: 'c',
        tty: false,
      }),
    );
    await until(() => peek(session).includes('two'), 'the first output');
    expect(session.read().text.split('\n').sort()).toEqual(['', 'one', 'two']);
    expect(await session.write('abc\n')).toEqual({ ok: true });
    await session.exited;
    expect(session.read().text).toBe('got abc\n');
    expect(session.read().text).toBe('');
  });

  it('says so when a running session’s stdin is closed, and when the session has exited', async () => {
    const manager = makeManager();
    const { session } = started(
      manager.start(await bashStarter('exec 0<&-; echo closed; sleep 1000'), {
        command: 'server',
        tty: false,
      }),
    );
    await until(() => peek(session).includes('closed'), 'stdin to close');
    // The shell closed its end; the first write may still succeed into the pipe, a later one cannot.
    let outcome = await session.write('x\n');
    for (let i = 0; i < 50 && outcome.ok; i++) outcome = await session.write('x\n');
    expect(outcome).toEqual({
      ok: false,
      reason: 'stdin_closed',
      message:
        'Session 1 (`server`) was started without tty: true, so its standard input is closed and nothing was ' +
        'written. Start the command with tty: true to send it input; poll this session with empty chars to ' +
        'read its output, or send "\\u0003" to stop it.',
    });
    await session.kill();
    expect(await session.write('x')).toEqual({
      ok: false,
      reason: 'exited',
      message: 'Session 1 has exited; its input is closed.',
    });
    expect(await session.write('')).toEqual({ ok: true }); // an empty write is a poll
  });

  it('Ctrl-C alone interrupts a non-tty session', async () => {
    const manager = makeManager();
    const { session } = started(
      manager.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false }),
    );
    await until(() => survivors(session.handle.pid).length > 0, 'the process');
    expect(await session.write('\u0003')).toEqual({ ok: true });
    expect((await session.exited).signal).toBe('SIGINT');
  });

  it('runs a tty session with an interactive program', async () => {
    const manager = makeManager();
    const { session } = started(
      manager.start(await bashStarter('read -p "name? " n; echo "hi $n"', { tty: true }), {
        command: 'ask',
        tty: true,
      }),
    );
    await until(() => peek(session).includes('name? '), 'the prompt');
    expect(session.read().text).toBe('name? ');
    expect(await session.write('Ada\r')).toEqual({ ok: true });
    await session.exited;
    expect(session.read().text).toBe('Ada\r\nhi Ada\r\n');
    expect(session.exit).toEqual({ code: 0, signal: null });
  });

  it('caps sessions at 64: warns near the cap, prunes exited ones least recently used first, then refuses', async () => {
    const limit = new SessionLimit();
    expect(limit).toMatchObject({ max: 64, warnAt: 56 });
    const manager = makeManager({ limit });
    const results: StartResult[] = [];
    for (let i = 1; i <= 64; i++) {
      results.push(
        manager.start(await bashStarter('sleep 1000'), { command: `sleep 1000 # ${i}`, tty: false }),
      );
    }
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.slice(0, 55).some((r) => r.ok && r.warning)).toBe(false);
    const warned = results[55]!;
    expect(warned.ok && warned.warning).toBe(
      'Warning: 56 of 64 shell sessions are running. Stop the ones you no longer need (write_stdin with ' +
        'chars "\\u0003" sends Ctrl-C); at the limit no new session can start.',
    );

    // All 64 running: refused, naming the oldest.
    const refused = manager.start(await bashStarter('true'), { command: 'true', tty: false });
    expect(refused.ok).toBe(false);
    const message = refused.ok ? '' : refused.message;
    expect(message).toMatch(
      /^Cannot start another shell session: all 64 sessions allowed at once are still running\. The oldest are session 1 \(`sleep 1000 # 1`, started \d+s ago, last used \d+s ago\), session 2 \(`sleep 1000 # 2`, .*\), session 3 \(`sleep 1000 # 3`, .*\)\. End one first — write_stdin with chars "\\u0003" sends Ctrl-C — or wait for one to exit, then run the command again\.$/,
    );

    // Sessions 10 and 20 exit; 20 was used more recently, so 10 is pruned first.
    const s10 = manager.lookup(10);
    const s20 = manager.lookup(20);
    if (!s10.ok || !s20.ok) throw new Error('sessions 10 and 20 should exist');
    await s10.session.kill();
    await s20.session.kill();
    s10.session.lastUsed = 1;
    s20.session.lastUsed = 2;
    const next = started(manager.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false }));
    expect(next.session.id).toBe(65);
    expect(manager.lookup(10)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cleared to make room/),
    });
    expect(manager.lookup(20).ok).toBe(true);
    started(manager.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false }));
    expect(manager.lookup(20).ok).toBe(false);
    expect(manager.start(await bashStarter('true'), { command: 'true', tty: false }).ok).toBe(false);

    const leaders = manager.list().map((s) => s.handle.pid);
    await manager.closeAll();
    expect(leaders.flatMap((pid) => survivors(pid))).toEqual([]);
    expect(limit.sessions.size).toBe(0);
  });

  it('shares the cap runtime-wide across managers', async () => {
    const limit = new SessionLimit({ max: 2, warnAt: 2 });
    const a = makeManager({ limit });
    const b = makeManager({ limit });
    started(a.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false }));
    expect(
      started(b.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false })).warning,
    ).toMatch(/^Warning: 2 of 2 shell sessions are running/);
    const refused = b.start(await bashStarter('true'), { command: 'true', tty: false });
    expect(refused.ok ? '' : refused.message).toMatch(
      /still running \(1 of them belong to other turns\)\. The oldest are session 1 \(`sleep`/,
    );
  });

  it('reports a starter that throws', () => {
    const manager = makeManager();
    const result = manager.start(
      () => {
        throw new Error('no such shell');
      },
      { command: 'ls', tty: false },
    );
    expect(result).toEqual({ ok: false, message: 'Could not start `ls`: no such shell' });
    expect(manager.size).toBe(0);
  });

  it('kills a session left idle past its idle lifetime', async () => {
    const manager = makeManager({ idleMs: 200 });
    const { session } = started(
      manager.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false }),
    );
    const exit = await session.exited;
    expect(exit).toMatchObject({ endedBy: 'idle', signal: 'SIGTERM' });
    expect(survivors(session.handle.pid)).toEqual([]);
  });

  it('kills a session past its total lifetime even while it is being polled', async () => {
    const manager = makeManager({ lifetimeMs: 300 });
    const { session } = started(
      manager.start(await bashStarter('sleep 1000'), { command: 'sleep', tty: false }),
    );
    const poller = setInterval(() => session.touch(), 20);
    try {
      expect(await session.exited).toMatchObject({ endedBy: 'lifetime', signal: 'SIGTERM' });
    } finally {
      clearInterval(poller);
    }
  });

  it('closeAll kills every tree, tty or not, background jobs and TERM-ignoring processes included', async () => {
    const limit = new SessionLimit();
    const manager = makeManager({ limit });
    const commands = [
      { cmd: 'sleep 1000 & sleep 1000 & wait', tty: false },
      { cmd: 'sleep 1000 & wait', tty: true },
      { cmd: "trap '' TERM; echo ready; sleep 1000", tty: false },
      { cmd: 'set -m; sleep 1000 & wait', tty: false },
      { cmd: 'cat', tty: true },
    ];
    const sessions: Session[] = [];
    for (const { cmd, tty } of commands) {
      const starter = await bashStarter(cmd, { graceMs: 300, tty });
      sessions.push(started(manager.start(starter, { command: cmd, tty })).session);
    }
    await until(() => peek(sessions[2]!).includes('ready'), 'the trap');
    await until(() => sessions.every((s) => survivors(s.handle.pid).length > 0), 'every process');
    await limit.closeAll();
    for (const session of sessions) {
      expect(survivors(session.handle.pid)).toEqual([]);
      expect(session.exit?.endedBy).toBe('closed');
    }
    expect(sessions[2]!.exit?.signal).toBe('SIGKILL');
    expect(manager.size).toBe(0);
  });
});
