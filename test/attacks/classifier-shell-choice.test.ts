// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell commands, where ${…} is shell syntax
// The shell a command runs in is part of what it does. exec_command takes `shell: 'sh' | 'dash' | 'zsh'`;
// a line bash reads as one harmless word can be two commands to dash (which has no $'…' quoting), `ls
// &>/dev/null touch x` lists to bash and touches to dash, and zsh runs code in glob qualifiers. The
// classifier reads bash, so a line for another shell is judged with what that shell reads differently.
// Real runtime, real bubblewrap, real dash.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, classifyCommand } from '../../src/index.js';
import { findExecutable } from '../../src/sandbox/process/executables.js';
import { text } from '../support/results.js';
import { askingRuntime, call } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { ownedTempDir } from '../support/users.js';

/** To bash: echo one word. To dash: `echo $\`, then `touch PWNED`, then a comment. */
const SPLIT_BY_DASH = "echo $'\\' ; touch PWNED #'";

describe('the classifier reads the line for the shell it runs in', () => {
  test('a line that is one word to bash is not safe for sh, dash or zsh', () => {
    expect(classifyCommand(SPLIT_BY_DASH).risk).toBe('safe');
    for (const shell of ['sh', 'dash', '/bin/sh', '/usr/bin/dash', 'zsh'])
      expect(classifyCommand(SPLIT_BY_DASH, { shell }).risk, shell).toBe('unknown');
    expect(classifyCommand(SPLIT_BY_DASH, { shell: 'bash' }).risk).toBe('safe');
    expect(classifyCommand(SPLIT_BY_DASH, { shell: '/usr/bin/bash' }).risk).toBe('safe');
  });

  test("dash reads bash's &> as & and a new command (found by the differential test under dash)", () => {
    const line = 'ls &>/dev/null touch PWNED';
    expect(classifyCommand(line).risk).toBe('safe');
    for (const shell of ['sh', 'dash']) expect(classifyCommand(line, { shell }).risk).toBe('unknown');
    expect(classifyCommand(`sh -c '${line}'`).risk).toBe('unknown');
  });

  test('scripts another program hands to sh are read as sh reads them: watch, sh -c, a heredoc fed to sh', () => {
    for (const line of [
      `watch -n 1 "${SPLIT_BY_DASH.replaceAll('$', '\\$')}"`,
      "watch -n 1 'ls &>/dev/null touch PWNED'",
      "watch -x sh -c 'ls &>/dev/null touch PWNED'",
      'sh <<EOF\nls &>/dev/null touch PWNED\nEOF',
      "sh <<< 'ls &>/dev/null touch PWNED'",
    ])
      expect(classifyCommand(line).risk, line).toBe('unknown');
    // eval is read by the shell that reads the line.
    const evalLine = `eval 'ls &'">/dev/null touch PWNED"`;
    expect(classifyCommand(evalLine).risk).toBe('safe');
    expect(classifyCommand(evalLine, { shell: 'dash' }).risk).toBe('unknown');
  });

  test('zsh, whose glob qualifiers and expansions run code bash never runs, is never safe', () => {
    for (const line of ["ls *(e:'touch PWNED':)", 'echo ${(e)HR_CODE}', 'ls -la'])
      expect(classifyCommand(line, { shell: 'zsh' }).risk, line).not.toBe('safe');
  });

  test('plain POSIX lines stay safe in sh and dash, and unknown shells are never safe', () => {
    for (const shell of ['sh', 'dash']) {
      expect(classifyCommand('ls -la && git status', { shell }).risk).toBe('safe');
      expect(classifyCommand('rm -rf ~', { shell }).risk).toBe('dangerous');
    }
    expect(classifyCommand('ls', { shell: 'fish' }).risk).toBe('unknown');
    expect(classifyCommand('ls', { shell: './bash' }).risk).toBe('unknown');
  });
});

describe.skipIf(!bwrapReady || !findExecutable('dash'))('exec_command with shell: dash', () => {
  test('the line is asked about, not run, under supervised; under bash it only prints', async () => {
    const ws = ownedTempDir();
    const { runtime, asked } = askingRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'bwrap',
      store: false,
    });
    const turn = runtime.beginTurn();
    for (const shell of ['dash', 'sh']) {
      const result = await turn.call(call('exec_command', { cmd: SPLIT_BY_DASH, shell }));
      expect(result.isError, text(result)).toBe(true);
      expect(existsSync(path.join(ws, 'PWNED'))).toBe(false);
    }
    expect(asked).toHaveLength(2);
    const background = await turn.call(
      call('exec_command', { cmd: 'ls &>/dev/null touch PWNED; sleep 0.2', shell: 'dash' }),
    );
    expect(background.isError).toBe(true);
    expect(asked).toHaveLength(3);
    const bash = await turn.call(call('exec_command', { cmd: SPLIT_BY_DASH }));
    expect(text(bash)).toContain("' ; touch PWNED #");
    expect(existsSync(path.join(ws, 'PWNED'))).toBe(false);
    expect(asked).toHaveLength(3);
  });
});
