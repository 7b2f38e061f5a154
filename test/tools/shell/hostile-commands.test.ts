// Bad input through the real shell tools: what a careless or hostile command does to the runtime, the
// process table and the disk. Every test checks /proc or the file system afterwards, never the clock.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultShellProvider,
  defineTool,
  type Runtime,
  shellTools,
  type ToolSpec,
  type Turn,
} from '../../../src/index.js';
import type { HeadTailStats } from '../../../src/tools/shell/session/index.js';
import { eventually, processesRunning, uniqueSleep } from '../../support/processes.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { own } from '../../support/users.js';
import { sessionId, shellRuntime } from './helpers.js';

const sandboxes = (bwrapReady ? ['bwrap', 'none'] : ['none']) as Array<'bwrap' | 'none'>;
/** exec_command's default max_output_tokens (10,000) at four bytes a token, plus the header lines. */
const RESULT_BOUND = 40 * 1024 + 2048;
const MiB = 1024 * 1024;

/** A marker no other process carries: commands start with `: <marker>;` so /proc finds their shells. */
function marker(label: string): string {
  return `${label}-${randomBytes(6).toString('hex')}`;
}

/** A test-only tool reporting the buffer of every session of the turn (the same capability the tools use). */
function sessionProbe(): ToolSpec {
  return defineTool({
    name: 'probe_sessions',
    description: 'Test probe: buffer statistics of this turn’s sessions.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    capabilities: [defaultShellProvider],
    execute(_args, ctx) {
      const { shell } = ctx.capabilities;
      return JSON.stringify(shell.sessions.list().map((session) => session.buffer.stats()));
    },
  });
}

async function probe(turn: Turn): Promise<HeadTailStats[]> {
  return JSON.parse(text(await turn.call(call('probe_sessions', {})))) as HeadTailStats[];
}

const statusKB = (field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]);

/** The `Output:` part of an exec_command result. */
function outputOf(result: string): string {
  const at = result.indexOf('\nOutput:\n');
  return at < 0 ? '' : result.slice(at + '\nOutput:\n'.length);
}

/** exec_command with a long yield, so a command that ends within 30 s returns its exit. */
function exec(turn: Turn, cmd: string, extra: Record<string, unknown> = {}) {
  return turn.call(call('exec_command', { cmd, yield_time_ms: 30_000, ...extra }));
}

describe.each(sandboxes)('bad input to the shell tools (sandbox %s)', (sandbox) => {
  let runtime: Runtime;
  beforeEach(() => {
    runtime = shellRuntime({ sandbox, tools: [...shellTools(), sessionProbe()] });
  });

  it.skipIf(sandbox !== 'bwrap')(
    'bounds a fork bomb whose shell exits at once, and leaves nothing',
    async () => {
      const turn = runtime.beginTurn();
      const tag = marker('bomb');
      // The shell returns at once and the bomb goes on in the background: the sandbox must end it anyway.
      const result = text(await exec(turn, `: ${tag}; :(){ :|:& };:`, { timeout_ms: 1500 }));
      expect(result).toMatch(/Process exited with code \d+/);
      expect(await eventually(() => processesRunning(tag).length === 0, 500)).toBe(true);
      const after = text(await exec(turn, 'echo still-here'));
      expect(after).toMatch(/Process exited with code 0/);
      expect(outputOf(after)).toMatch(/^still-here\n?$/);
    },
  );

  it.skipIf(sandbox !== 'bwrap')('kills a fork bomb in the foreground at timeout_ms, all of it', async () => {
    const turn = runtime.beginTurn();
    const tag = marker('bomb');
    const result = text(await exec(turn, `: ${tag}; :(){ :|:& };:; sleep 30`, { timeout_ms: 1500 }));
    expect(result).toMatch(/Process exited with code \d+/);
    expect(result).toContain('The command was killed after its timeout of 1500 ms.');
    expect(Buffer.byteLength(result)).toBeLessThanOrEqual(RESULT_BOUND);
    expect(await eventually(() => processesRunning(tag).length === 0, 500)).toBe(true);
    const after = text(await exec(turn, 'echo still-here'));
    expect(outputOf(after)).toMatch(/^still-here\n?$/);
  });

  it('keeps 1 GB of `yes` bounded: in the session buffer, in memory and in the result', async () => {
    const turn = runtime.beginTurn();
    const tag = marker('yes');
    writeFileSync('/proc/self/clear_refs', '5');
    const rssBefore = statusKB('VmRSS');
    const first = text(
      await exec(turn, `: ${tag}; yes | head -c 1000000000`, { yield_time_ms: 500, timeout_ms: 120_000 }),
    );
    let last = first;
    if (/Process running with session ID/.test(first)) {
      const id = sessionId(first);
      // While it runs: the session holds at most its capacity plus two blocks.
      const stats = await probe(turn);
      expect(stats).toHaveLength(1);
      expect(stats[0]!.allocatedBytes).toBeLessThanOrEqual(stats[0]!.capacity + 2 * 64 * 1024);
      expect(Buffer.byteLength(first)).toBeLessThanOrEqual(RESULT_BOUND);
      for (let i = 0; i < 20 && /Process running/.test(last); i++) {
        last = text(
          await turn.call(call('write_stdin', { session_id: id, chars: '', yield_time_ms: 30_000 })),
        );
        expect(Buffer.byteLength(last)).toBeLessThanOrEqual(RESULT_BOUND);
      }
    }
    expect(last).toMatch(/Process exited with code 0/);
    expect(Buffer.byteLength(last)).toBeLessThanOrEqual(RESULT_BOUND);
    expect(last).toMatch(/bytes of output (dropped|omitted)/);
    const stats = await probe(turn);
    expect(stats[0]!.totalBytes).toBeGreaterThan(900 * MiB);
    expect(stats[0]!.allocatedBytes).toBeLessThanOrEqual(stats[0]!.capacity + 2 * 64 * 1024);
    // A gigabyte went through this process; its peak resident memory grew by far less.
    expect(statusKB('VmHWM') - rssBefore).toBeLessThan(256 * 1024);
    expect(processesRunning(tag)).toEqual([]);
  }, 180_000);

  it('kills an infinite loop at timeout_ms', async () => {
    const turn = runtime.beginTurn();
    const tag = marker('loop');
    const result = text(await exec(turn, `: ${tag}; while :; do :; done`, { timeout_ms: 500 }));
    expect(result).toMatch(/Process exited with code \d+/);
    expect(result).toContain('The command was killed after its timeout of 500 ms.');
    expect(await eventually(() => processesRunning(tag).length === 0)).toBe(true);
  });

  it('kills a process that ignores SIGTERM when the call times out', async () => {
    const turn = runtime.beginTurn();
    const secs = uniqueSleep();
    const result = text(await exec(turn, `trap '' TERM; sleep ${secs}; echo survived`, { timeout_ms: 500 }));
    expect(result).toContain('The command was killed after its timeout of 500 ms.');
    expect(result).not.toContain('survived');
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('kills a SIGTERM-ignoring session when the turn ends', async () => {
    const turn = runtime.beginTurn();
    const secs = uniqueSleep();
    const first = text(await exec(turn, `trap '' TERM; sleep ${secs}`, { yield_time_ms: 250 }));
    sessionId(first);
    expect(processesRunning(`sleep ${secs}`).length).toBeGreaterThan(0);
    await turn.end();
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('leaves no daemonized child (setsid, nohup) once the command has exited', async () => {
    const turn = runtime.beginTurn();
    const a = uniqueSleep();
    const b = uniqueSleep();
    const result = text(
      await exec(
        turn,
        `setsid sleep ${a} >/dev/null 2>&1 < /dev/null & nohup sleep ${b} >/dev/null 2>&1 & echo started`,
      ),
    );
    expect(result).toMatch(/Process exited with code 0/);
    expect(outputOf(result)).toMatch(/^started\n?$/);
    expect(await eventually(() => processesRunning(`sleep ${a}`).length === 0)).toBe(true);
    expect(await eventually(() => processesRunning(`sleep ${b}`).length === 0)).toBe(true);
  });

  it('leaves no daemonized child that keeps the output pipe open once the command has exited', async () => {
    const turn = runtime.beginTurn();
    const a = uniqueSleep();
    const b = uniqueSleep();
    const result = text(
      await exec(turn, `setsid sleep ${a} & nohup sleep ${b} & echo started`, { yield_time_ms: 2000 }),
    );
    expect(result).toMatch(/Process exited with code 0/);
    expect(result).toContain('started');
    expect(await eventually(() => processesRunning(`sleep ${a}`).length === 0)).toBe(true);
    expect(await eventually(() => processesRunning(`sleep ${b}`).length === 0)).toBe(true);
    await turn.end();
    expect(await eventually(() => processesRunning(`sleep ${a}`).length === 0)).toBe(true);
    expect(await eventually(() => processesRunning(`sleep ${b}`).length === 0)).toBe(true);
  });

  it('returns binary output as text', async () => {
    const turn = runtime.beginTurn();
    const result = await exec(turn, 'head -c 2000 /dev/urandom');
    expect(result.isError).toBe(false);
    const shown = text(result);
    expect(shown).toMatch(/Process exited with code 0/);
    expect(typeof shown).toBe('string');
    expect(shown).not.toContain('\u0000');
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  it('returns invalid UTF-8 as text with replacement characters', async () => {
    const turn = runtime.beginTurn();
    const result = await exec(turn, String.raw`printf 'start \xff\xfe mid \xc3\x28 \xe2\x82 end\n'`);
    expect(result.isError).toBe(false);
    const out = outputOf(text(result));
    expect(out).toMatch(/^start .* mid .* end\n?$/u);
    expect(out).toContain('\uFFFD');
    expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
  });

  it('cuts a 10 MB single line with a marker', async () => {
    const turn = runtime.beginTurn();
    const result = text(await exec(turn, "head -c 10000000 /dev/zero | tr '\\0' a; echo; echo END"));
    expect(result).toMatch(/Process exited with code 0/);
    expect(Buffer.byteLength(result)).toBeLessThanOrEqual(RESULT_BOUND);
    expect(result).toMatch(/bytes of output (dropped|omitted)/);
    expect(outputOf(result)).toMatch(/^a+\n/);
    expect(result).toMatch(/END\n?$/);
  });

  it('cuts a 10 MB single line in the bash tool too', async () => {
    const turn = runtime.beginTurn();
    const result = await turn.call(
      call('bash', { command: "head -c 10000000 /dev/zero | tr '\\0' a; echo; echo END" }),
    );
    expect(result.isError).toBe(false);
    expect(Buffer.byteLength(text(result))).toBeLessThanOrEqual(32 * 1024 + 2048);
    expect(text(result)).toMatch(/bytes of output (dropped|omitted)/);
    expect(text(result)).toMatch(/END$/);
  });

  it('strips terminal escape sequences', async () => {
    const turn = runtime.beginTurn();
    const result = text(
      await exec(
        turn,
        String.raw`printf '\033[31mred\033[0m \033]0;title\007plain \033[2J\033[Hafter\n'; printf '\033[1mbold\033[22m\n' >&2`,
      ),
    );
    expect(result).toMatch(/Process exited with code 0/);
    expect(result).not.toContain('\u001b');
    expect(result).not.toContain('\u0007');
    expect(result).not.toContain('title');
    expect(outputOf(result)).toContain('red plain');
    expect(outputOf(result)).toContain('after');
    expect(outputOf(result)).toContain('bold');
  });

  it('strips escape sequences from a tty session', async () => {
    const turn = runtime.beginTurn();
    const result = text(await exec(turn, String.raw`printf '\033[32mgreen\033[0m\n'`, { tty: true }));
    expect(result).toMatch(/Process exited with code 0/);
    expect(result).not.toContain('\u001b');
    expect(outputOf(result)).toContain('green');
  });

  describe('secrets in the environment', () => {
    const token = `ghp_${randomBytes(12).toString('hex')}`;
    let previous: string | undefined;
    beforeEach(() => {
      previous = process.env.GITHUB_TOKEN;
      process.env.GITHUB_TOKEN = token;
    });
    afterEach(() => {
      if (previous === undefined) delete process.env.GITHUB_TOKEN;
      else process.env.GITHUB_TOKEN = previous;
    });

    it.each([
      ['echo "[$GITHUB_TOKEN]"'],
      ['env'],
      ["tr '\\0' '\\n' < /proc/1/environ"],
      ["tr '\\0' '\\n' < /proc/self/environ"],
      ["tr '\\0' '\\n' < /proc/1/cmdline"],
    ])('never shows the token: %s', async (cmd) => {
      const fresh = shellRuntime({ sandbox, tools: shellTools() });
      const turn = fresh.beginTurn();
      for (const tool of ['exec_command', 'bash'] as const) {
        const args = tool === 'bash' ? { command: cmd } : { cmd, yield_time_ms: 10_000 };
        const result = text(await turn.call(call(tool, args)));
        expect(result).not.toContain(token);
        expect(result).not.toContain('GITHUB_TOKEN=');
      }
      const tty = text(await exec(turn, cmd, { tty: true }));
      expect(tty).not.toContain(token);
    });

    it.skipIf(sandbox !== 'bwrap')('never shows the token in any process the sandbox can see', async () => {
      const fresh = shellRuntime({ sandbox, tools: shellTools() });
      const turn = fresh.beginTurn();
      const cmd = "for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do tr '\\0' '\\n' < \"$f\"; done 2>&1";
      const result = text(await exec(turn, cmd, { max_output_tokens: 16_000 }));
      expect(result).toMatch(/Process exited with code \d+/);
      expect(result).toContain('PATH=');
      expect(result).not.toContain(token);
    });
  });

  it('does not source a .bashrc planted in the workspace, nor one written to HOME', async () => {
    const tag = marker('rc');
    const workspace = runtime.workspace;
    for (const name of ['.bashrc', '.bash_profile', '.profile']) {
      const file = path.join(workspace, name);
      writeFileSync(file, `echo SOURCED-${tag}\nexport PLANTED=${tag}\n`);
      own(file);
    }
    const turn = runtime.beginTurn();
    // HOME is not the workspace, so nothing there is a startup file for bash.
    const home = text(await exec(turn, 'printf "home=%s\\n" "$HOME"; echo "planted=[$PLANTED]"'));
    const homeDir = /home=(.*)/.exec(home)?.[1] ?? '';
    expect(homeDir).not.toBe('');
    expect(homeDir === workspace || homeDir.startsWith(`${workspace}/`)).toBe(false);
    expect(home).toContain('planted=[]');
    expect(home).not.toContain(`SOURCED-${tag}`);
    // Planting through the shell itself: into HOME (which may be writable) and into the workspace.
    const plant = `echo 'echo SOURCED-${tag}' >> "$HOME/.bashrc"; echo 'echo SOURCED-${tag}' >> .bashrc; true`;
    await exec(turn, plant);
    for (const opts of [{}, { tty: true }]) {
      const later = text(await exec(turn, 'echo "later=[$PLANTED]"', opts));
      expect(later).toMatch(/Process exited with code 0/);
      expect(later).toContain('later=[]');
      expect(later).not.toContain(`SOURCED-${tag}`);
    }
    const bash = text(await turn.call(call('bash', { command: 'echo "bash=[$PLANTED]"' })));
    expect(bash).toContain('bash=[]');
    expect(bash).not.toContain(`SOURCED-${tag}`);
  });
});

describe.skipIf(!bwrapReady)('writes the bwrap sandbox blocks', () => {
  it('does not let a write outside the roots reach the disk', async () => {
    const runtime = shellRuntime({ sandbox: 'bwrap' });
    const turn = runtime.beginTurn();
    const tag = randomBytes(6).toString('hex');
    // Inside the sandbox / and /tmp are its own tmpfs: a write there may succeed, but never reaches the host.
    const private_ = [`/tmp/outside-${tag}`, `/outside-${tag}`, `../outside-${tag}`];
    const readOnly = [
      `/var/tmp/outside-${tag}`,
      `/root/outside-${tag}`,
      `/etc/outside-${tag}`,
      `/usr/outside-${tag}`,
    ];
    for (const target of [...private_, ...readOnly]) {
      const result = text(await exec(turn, `echo x > ${target} && echo wrote`));
      const onHost = path.resolve(runtime.workspace, target);
      expect(existsSync(onHost), target).toBe(false);
      if (readOnly.includes(target)) expect(outputOf(result), target).not.toContain('wrote');
    }
  });

  it('refuses writes to .git/config and leaves it unchanged', async () => {
    const runtime = shellRuntime({ sandbox: 'bwrap' });
    const workspace = runtime.workspace;
    const git = path.join(workspace, '.git');
    const config = path.join(git, 'config');
    mkdirSync(git);
    const original = '[core]\n\trepositoryformatversion = 0\n';
    writeFileSync(config, original);
    // Owned by the sandbox user, so only the sandbox's protection stands in the way.
    for (const p of [git, config]) own(p);
    const turn = runtime.beginTurn();
    const attempts = [
      'echo "[core]\n\tfsmonitor = evil" >> .git/config',
      'printf x > .git/config',
      'rm -f .git/config',
      'mv .git/config .git/config.old',
      'mv .git .git-moved',
      'sed -i s/0/1/ .git/config',
      'echo hook > .git/hooks-new',
    ];
    for (const cmd of attempts) {
      const result = text(await exec(turn, cmd));
      expect(result, cmd).not.toMatch(/Process exited with code 0\n/);
      expect(readFileSync(config, 'utf8'), cmd).toBe(original);
    }
    expect(existsSync(path.join(workspace, '.git-moved'))).toBe(false);
    expect(existsSync(path.join(git, 'hooks-new'))).toBe(false);
  });
});
