import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliBin, repoRoot } from '../support/repo.js';

const run = (...args: string[]) =>
  spawnSync(process.execPath, [cliBin, ...args], { encoding: 'utf8', cwd: repoRoot });

describe('handrail command', () => {
  it('demo shows what the model sees for each scripted call', () => {
    const { status, stdout } = run('demo');
    expect(status).toBe(0);
    expect(stdout).toContain('Unknown tool "count_wrds". Did you mean "count_words"?');
    expect(stdout).toContain(
      'Invalid arguments for count_words: /limit must be integer (got "abc"); /text is required.',
    );
    expect(stdout).toContain('(repaired: /limit: string "2" → number 2)');
    expect(stdout).toContain(
      'The user denied delete_everything: Deleting everything is not allowed in the demo',
    );
    expect(stdout).toMatch(
      /\[\.\.\. [\d,]+ lines \([\d.]+ [KM]iB\) omitted: showing the first [\d,]+ and last [\d,]+ of 100,000 lines\. Full output: /,
    );
  });

  it('prints help and version, and refuses unknown commands with exit 2', () => {
    expect(run('--help')).toMatchObject({ status: 0, stdout: expect.stringContaining('handrail demo') });
    expect(run('--version').stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const unknown = run('serv');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "serv"');
  });
});
