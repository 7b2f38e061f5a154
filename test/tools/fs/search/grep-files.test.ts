import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { grepFilesTool } from '../../../../src/tools/fs/grep-files.js';
import { findRipgrep, runRipgrep } from '../../../../src/tools/fs/search/rg-process.js';
import { makeRuntime } from '../../../support/runtime.js';
import { sharedTempDir } from '../../../support/temp.js';
import { HAS_RIPGREP, searchers } from './fixture.js';

const outside = sharedTempDir('handrail-outside-');
writeFileSync(path.join(outside, 'leak.txt'), 'hello from outside\n');

/** Each engine, by name and whether it is the JavaScript one; without rg only the JavaScript one runs. */
const BOTH = (
  [
    ['ripgrep', false],
    ['javascript', true],
  ] as const
).filter(([name]) => HAS_RIPGREP || name === 'javascript');

describe('grep_files', () => {
  const s = searchers(
    {
      'a.txt': 'hello --pre=sh\n-e hello\n--files\n',
      'private/p.txt': 'hello private\n',
      'notes/x.secret': 'hello secret\n',
      'notes/y.txt': 'hello notes\n',
      'many.txt': Array.from({ length: 500 }, (_, i) => `match ${i + 1} ${'z'.repeat(400)}`).join('\n'),
      'bin.dat': Buffer.from('hello\u0000\u0001\u0002'),
      'out-link': { link: outside },
      'leak-link.txt': { link: path.join(outside, 'leak.txt') },
    },
    { denyRead: ['private', '**/*.secret'] },
  );

  test.each(BOTH)(
    'a pattern that looks like a flag is searched for literally (%s)',
    async (_, javascript) => {
      expect(await s.see('grep_files', { pattern: '--pre=sh', output_mode: 'content' }, javascript)).toBe(
        'a.txt:1:hello --pre=sh',
      );
      expect(await s.see('grep_files', { pattern: '-e', output_mode: 'content' }, javascript)).toBe(
        'a.txt:2:-e hello',
      );
      expect(await s.see('grep_files', { pattern: '--files', output_mode: 'content' }, javascript)).toBe(
        'a.txt:3:--files',
      );
    },
  );

  test.each(BOTH)(
    'a --pre pattern never runs anything: the disk is unchanged afterwards (%s)',
    async (_, javascript) => {
      const script = path.join(s.workspace, 'mark.sh');
      const marker = path.join(s.workspace, 'PWNED');
      writeFileSync(script, `#!/bin/sh\ntouch ${marker}\ncat "$1"\n`, { mode: 0o755 });
      try {
        for (const pattern of ['--pre=./mark.sh', `--pre=${script}`, '--pre', '--search-zip']) {
          const result = await s.call('grep_files', { pattern, output_mode: 'content' }, javascript);
          expect(result.isError).toBe(false);
        }
        expect(existsSync(marker)).toBe(false);
      } finally {
        rmSync(script);
      }
    },
  );

  test.skipIf(!HAS_RIPGREP)(
    'no ripgrep config reaches it, even with RIPGREP_CONFIG_PATH set in our environment',
    async () => {
      const config = path.join(outside, 'rgrc');
      writeFileSync(config, '--invert-match\n--files-without-match\n');
      process.env.RIPGREP_CONFIG_PATH = config;
      try {
        expect(await s.see('grep_files', { pattern: '--pre=sh', output_mode: 'content' })).toBe(
          'a.txt:1:hello --pre=sh',
        );
      } finally {
        delete process.env.RIPGREP_CONFIG_PATH;
      }
    },
  );

  test.each(BOTH)(
    'deny-read rules apply to what the search reports, inside denied folders too (%s)',
    async (_, javascript) => {
      const seen = await s.see('grep_files', { pattern: 'hello' }, javascript);
      expect(seen).toBe('notes/y.txt\na.txt');
    },
  );

  test.each(BOTH)(
    'links out of the workspace are not followed, binary files are skipped (%s)',
    async (_, javascript) => {
      const seen = await s.see('grep_files', { pattern: 'hello|outside' }, javascript);
      expect(seen).not.toContain('leak');
      expect(seen).not.toContain('out-link');
      expect(seen).not.toContain('bin.dat');
    },
  );

  test.each(BOTH)('a capped search is partial and asks to narrow (%s)', async (_, javascript) => {
    const result = await s.call('grep_files', { pattern: 'hello', limit: 1 }, javascript);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'notes/y.txt\n\n[Showing 1 of 2 matching files, newest first; there are more. Narrow the pattern, path or include glob.]',
      },
    ]);
    expect(result.outcome).toEqual({
      status: 'partial',
      hint: 'needs_narrowing: the results were capped; narrow the pattern, path or glob to see the rest.',
    });
    expect(result.details).toMatchObject({ truncated: true, needsNarrowing: true, shown: 1, files: 2 });
  });

  test.each(BOTH)('content is bounded by bytes as well as by matches (%s)', async (_, javascript) => {
    const result = await s.call(
      'grep_files',
      { pattern: '^match', path: 'many.txt', output_mode: 'content' },
      javascript,
    );
    const text = (result.content[0] as { text: string }).text;
    const lines = text.split('\n');
    const shown = lines.filter((line) => line.startsWith('many.txt:')).length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(100);
    expect(lines.at(-1)).toBe(
      `[Showing the first ${shown} of 500 matches; there are more. Narrow the pattern, path or include glob.]`,
    );
    expect(Buffer.byteLength(text)).toBeLessThan(32 * 1024);
    expect(lines[0]).toBe(`many.txt:1:match 1 ${'z'.repeat(400)}`);
  });

  test.each(BOTH)('an invalid pattern says what is wrong (%s)', async (_, javascript) => {
    const result = await s.call('grep_files', { pattern: 'foo(' }, javascript);
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    const reason = javascript ? 'Unterminated group' : 'unclosed group';
    expect(result.content).toEqual([{ type: 'text', text: `Invalid regex "foo(": ${reason}` }]);
  });

  test.each(BOTH)('look-around is refused by both, with the same words (%s)', async (_, javascript) => {
    expect(await s.see('grep_files', { pattern: '(?<=a)b' }, javascript)).toBe(
      'Invalid regex "(?<=a)b": look-around, including look-ahead and look-behind, is not supported',
    );
  });

  test.skipIf(!HAS_RIPGREP)('no matches says where it looked and what it skipped', async () => {
    expect(await s.see('grep_files', { pattern: 'Nothing', path: 'notes', include: '*.txt' })).toBe(
      'No matches for "Nothing" in notes (files matching "*.txt"). Files ignored by .gitignore or .ignore, binary files and .git were not searched. The search was case-sensitive; set case_insensitive: true to ignore case.',
    );
  });

  test('paths outside the roots, missing paths and denied paths are refused', async () => {
    const outsideRoot = await s.call('grep_files', { pattern: 'x', path: '../..' });
    expect(outsideRoot.outcome.errorClass).toBe('sandbox_violation');
    expect((outsideRoot.content[0] as { text: string }).text).toMatch(/outside the readable roots/);
    const link = await s.call('grep_files', { pattern: 'x', path: 'out-link' });
    expect(link.outcome.errorClass).toBe('sandbox_violation');
    const missing = await s.call('grep_files', { pattern: 'x', path: 'note' });
    expect(missing.outcome.errorClass).toBe('not_found');
    expect((missing.content[0] as { text: string }).text).toContain('notes/');
    const denied = await s.call('grep_files', { pattern: 'x', path: 'private/p.txt' });
    expect(denied.outcome.errorClass).toBe('sandbox_violation');
  });

  test.skipIf(!HAS_RIPGREP)('falls back to JavaScript when the configured ripgrep cannot run', async () => {
    const runtime = makeRuntime({
      workspace: s.workspace,
      tools: [grepFilesTool({ ripgrep: '/nonexistent/rg' })],
    });
    const result = await runtime
      .beginTurn()
      .call({ id: 'f', name: 'grep_files', arguments: { pattern: 'notes' } });
    expect(result.content).toEqual([{ type: 'text', text: 'notes/y.txt' }]);
    expect(result.details?.engine).toBe('javascript');
  });

  test('declares a read of the canonical path it searches', () => {
    const tool = grepFilesTool();
    expect(tool.annotations?.readOnlyHint).toBe(true);
    const intent = tool.classify!(
      { pattern: 'x', path: 'notes' },
      { workspace: s.workspace, cwd: s.workspace },
    );
    expect(intent).toEqual({
      action: 'file_read',
      summary: 'search for "x" in notes',
      scope: { operation: 'grep_files', paths: [path.join(s.workspace, 'notes')] },
    });
  });
});

describe.skipIf(!HAS_RIPGREP)('the ripgrep process', () => {
  const dir = sharedTempDir('handrail-rgproc-');
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'sub', 'big.txt'), 'needle\n'.repeat(200_000));
  const rg = findRipgrep()!;

  test('is stopped as soon as the consumer has enough', async () => {
    let lines = 0;
    const run = await runRipgrep(rg, ['--no-config', '-n', '--', 'needle', dir], {
      cwd: dir,
      signal: new AbortController().signal,
      maxStdoutBytes: 1 << 30,
      onLine: () => ++lines < 3,
    });
    expect(lines).toBe(3);
    expect(run.stopped).toBe(true);
  });

  test('is stopped when its output passes the byte cap', async () => {
    const run = await runRipgrep(rg, ['--no-config', '-n', '--', 'needle', dir], {
      cwd: dir,
      signal: new AbortController().signal,
      maxStdoutBytes: 64 * 1024,
      onLine: () => true,
    });
    expect(run).toMatchObject({ stopped: true, overflowed: true });
  });

  test("is killed when the call's signal fires, and the run rejects with its reason", async () => {
    const controller = new AbortController();
    const reason = new Error('stop now');
    const run = runRipgrep(rg, ['--no-config', '-n', '--', 'needle', dir], {
      cwd: dir,
      signal: controller.signal,
      maxStdoutBytes: 1 << 30,
      onLine: () => {
        controller.abort(reason);
        return true;
      },
    });
    await expect(run).rejects.toBe(reason);
  });
});

describe('symlinked workspace', () => {
  const real = mkdtempSync(path.join(os.tmpdir(), 'handrail-real-'));
  const linked = path.join(real, '..', `${path.basename(real)}-link`);
  symlinkSync(real, linked);
  afterAll(() => {
    rmSync(linked, { force: true });
    rmSync(real, { recursive: true, force: true });
  });
  const s = searchers({ 'a.txt': 'hello\n' }, { workspace: linked });

  test.each(BOTH)('results are shown relative to the cwd (%s)', async (_, javascript) => {
    expect(await s.see('grep_files', { pattern: 'hello', output_mode: 'content' }, javascript)).toBe(
      'a.txt:1:hello',
    );
  });
});
