// The README's library example must run as written, importing the package by its own name.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo.js';

describe('README', () => {
  it('library example runs against the built package and prints the result it documents', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toContain("from 'handrail'");
    const dir = path.join(repoRoot, 'test', '.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `readme-example-${process.pid}.mjs`);
    writeFileSync(file, `${example}\nconsole.log(JSON.stringify(result));\n`);
    try {
      const out = execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({
        callId: 'call_1',
        name: 'count_words',
        isError: false,
        content: [{ type: 'text', text: '3 words' }],
        outcome: { status: 'ok' },
      });
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('first screen gives the main-job and test command lines', () => {
    const firstScreen = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
      .split('\n')
      .slice(0, 15)
      .join('\n');
    expect(firstScreen).toContain('npx handrail serve');
    expect(firstScreen).toContain('npm test');
  });
});
