// Patterns that make a backtracking engine take exponential time run on RE2 in the JavaScript fallback.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { grepFilesTool } from '../../../../src/tools/fs/grep-files.js';
import { nestsRepetition, toJsPattern } from '../../../../src/tools/fs/search/regex.js';
import { text } from '../../../support/results.js';
import { makeRuntime } from '../../../support/runtime.js';
import { tempDir } from '../../../support/temp.js';

describe('catastrophic patterns in the JavaScript fallback', () => {
  it('recognizes nested repetition', () => {
    for (const p of ['(a+)+$', '(a*)*', '(a|aa)+', '((ab)*c)+', '(x+){2,}'])
      expect([p, nestsRepetition(p)]).toEqual([p, true]);
    for (const p of ['a+b+', '(foo|bar)', '\\w+\\s*=', '[(+)]+', '(ab){3}', 'x\\(a+\\)+'])
      expect([p, nestsRepetition(p)]).toEqual([p, false]);
    expect(toJsPattern('(a+)+$', false).line).not.toBeInstanceOf(RegExp);
    expect(toJsPattern('a+b', false).line).toBeInstanceOf(RegExp);
  });

  it('answers (a+)+$ on a hostile line at once, with the right result', async () => {
    const workspace = tempDir();
    writeFileSync(path.join(workspace, 'a.txt'), `${'a'.repeat(5000)}!\n`);
    writeFileSync(path.join(workspace, 'b.txt'), `${'a'.repeat(50)}\n`);
    const runtime = makeRuntime({ workspace, tools: [grepFilesTool({ ripgrep: false })] });
    const result = await runtime
      .beginTurn()
      .call({ id: 'g', name: 'grep_files', arguments: { pattern: '(a+)+$' } });
    expect(text(result)).toBe('b.txt');
  });
});
