import { describe, expect, test } from 'vitest';
import { type Entry, HAS_RIPGREP, searchers } from './fixture.js';

// ripgrep and the JavaScript search must give the model the same text and details, on a tree that
// exercises every rule they share: nested and negated ignore rules, .ignore/.rgignore precedence,
// .git/info/exclude, a nested repository, hidden files, binary files, encodings, long lines, links.

const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello utf16\nsecond\n', 'utf16le')]);

const TREE: Record<string, Entry> = {
  '.git/info/exclude': 'excluded.txt\n',
  '.git/HEAD': 'hello from git metadata\n',
  '.gitignore': '*.log\nbuild/\n/dist\n!keep.log\nsecret*.txt\n',
  '.ignore': 'dotignored.txt\n',
  '.rgignore': '!rg-kept.log\n',
  'a.txt': 'alpha hello\nbeta\nHELLO upper\n',
  'keep.log': 'hello keep\n',
  'x.log': 'hello x\n',
  'rg-kept.log': 'hello rg kept\n',
  'dotignored.txt': 'hello dot ignored\n',
  'excluded.txt': 'hello excluded\n',
  'secret1.txt': 'hello secret\n',
  '.hidden.txt': 'hello hidden\n',
  '.config/settings.json': '{ "hello": true }\n',
  'build/out.txt': 'hello build\n',
  'dist/bundle.js': 'hello dist\n',
  'src/dist/kept.js': 'hello src dist\n',
  'src/.gitignore': 'generated/\n!important.log\n!build/\n',
  'src/build/kept.txt': 'hello src build\n',
  'src/generated/gen.ts': 'hello generated\n',
  'src/important.log': 'hello important\n',
  'src/main.ts': Array.from({ length: 30 }, (_, i) =>
    i % 7 === 3 ? `hello line ${i + 1}` : `line ${i + 1}`,
  ).join('\n'),
  'src/util/strings.ts': "export const hello = 'héllo wörld';\nconst café = 1; // Grüße\nconst Ωmega = 2;\n",
  'src/util/crlf.txt': 'first hello\r\nsecond line\r\nends with hello\r\n',
  'src/util/bom.txt': '\uFEFFhello bom\nnext\n',
  'src/util/utf16.txt': utf16,
  'src/long.txt': `${'a'.repeat(600)} hello\n${'b'.repeat(5000)} hello far\nshort hello\n`,
  'binary.bin': Buffer.from('hello\u0000binary\n'),
  'late-binary.dat': Buffer.from(`hello first\n${'x'.repeat(100_000)}\n\u0000tail\n`),
  'nested/.git/HEAD': 'ref\n',
  'nested/inner.log': 'hello nested log\n',
  'nested/.gitignore': 'skip.md\n',
  'nested/skip.md': 'hello skip\n',
  'nested/read.md': 'hello read\n',
  'deep/a/b/c/d.txt': 'hello deep\n',
  'weird name [1].txt': 'hello weird\n',
  '-dash.txt': 'hello --pre=sh -e x\n',
  'link-to-a.txt': { link: 'a.txt' },
  'link-to-src': { link: 'src' },
};

const QUERIES: Array<Record<string, unknown>> = [
  { pattern: 'hello' },
  { pattern: 'hello', output_mode: 'content' },
  { pattern: 'hello', output_mode: 'content', context: 2 },
  { pattern: 'HELLO', case_insensitive: true, output_mode: 'content' },
  { pattern: '(?i)héllo', output_mode: 'content' },
  { pattern: '\\bhello\\b', output_mode: 'content' },
  { pattern: '^hello', output_mode: 'content' },
  { pattern: 'hello$', output_mode: 'content' },
  { pattern: '[[:upper:]]{5}', output_mode: 'content' },
  { pattern: '\\w+é\\w*', output_mode: 'content' },
  { pattern: '\\p{Greek}\\w+', output_mode: 'content' },
  { pattern: 'caf\\x{e9}', output_mode: 'content' },
  { pattern: 'line \\d+', output_mode: 'content', context: 1, limit: 3 },
  { pattern: 'line', output_mode: 'content', limit: 5 },
  { pattern: 'hello', limit: 3 },
  { pattern: 'hello', include: '*.ts' },
  { pattern: 'hello', include: 'src/**/*.ts', output_mode: 'content' },
  { pattern: 'hello', include: '*.{log,md}' },
  { pattern: 'hello', path: 'src', output_mode: 'content' },
  { pattern: 'hello', path: 'src/util' },
  { pattern: 'hello', path: 'src/util/strings.ts', output_mode: 'content' },
  { pattern: 'hello', path: 'src/util/strings.ts', include: 'util/*.ts' },
  { pattern: 'hello', path: 'src/util/strings.ts', include: '*.ts' },
  { pattern: 'hello', path: 'src/util/strings.ts', include: '*.md' },
  { pattern: 'hello', path: 'x.log' },
  { pattern: 'hello', path: 'build' },
  { pattern: 'hello', path: 'nested' },
  { pattern: 'hello', path: 'weird name [1].txt', output_mode: 'content' },
  { pattern: '--pre=sh', output_mode: 'content' },
  { pattern: '-e', output_mode: 'content' },
  { pattern: 'no such text anywhere' },
  { pattern: 'a{600}', output_mode: 'content' },
  { pattern: '\\/', output_mode: 'files' },
];

describe.skipIf(!HAS_RIPGREP)('grep_files gives the same results with ripgrep and without', () => {
  const { see, call } = searchers(TREE);

  test.each(QUERIES)('%j', async (args) => {
    const [rg, js] = await Promise.all([call('grep_files', args), call('grep_files', args, true)]);
    expect(js.content).toEqual(rg.content);
    expect({ ...js.details, engine: undefined }).toEqual({ ...rg.details, engine: undefined });
    expect(js.outcome).toEqual(rg.outcome);
    expect(rg.details?.engine).toBe('ripgrep');
    expect(js.details?.engine).toBe('javascript');
  });

  test('the tree is searched as described (files mode, newest first)', async () => {
    expect(await see('grep_files', { pattern: 'hello' })).toBe(
      [
        '-dash.txt',
        'weird name [1].txt',
        'deep/a/b/c/d.txt',
        'nested/read.md',
        'nested/inner.log',
        'src/long.txt',
        'src/util/utf16.txt',
        'src/util/bom.txt',
        'src/util/crlf.txt',
        'src/util/strings.ts',
        'src/main.ts',
        'src/important.log',
        'src/build/kept.txt',
        'src/dist/kept.js',
        '.config/settings.json',
        '.hidden.txt',
        'rg-kept.log',
        'keep.log',
        'a.txt',
      ].join('\n'),
    );
  });

  test('content mode shows matches, context, separators and cut lines', async () => {
    expect(
      await see('grep_files', { pattern: 'hello', path: 'src', output_mode: 'content', include: '*.txt' }),
    ).toBe(
      [
        `src/long.txt:1:${'a'.repeat(500)}… [line cut at 500 chars]`,
        `src/long.txt:2:${'b'.repeat(500)}… [line cut at 500 chars]`,
        'src/long.txt:3:short hello',
        'src/util/utf16.txt:1:hello utf16',
        'src/util/bom.txt:1:hello bom',
        'src/util/crlf.txt:1:first hello',
        'src/util/crlf.txt:3:ends with hello',
        'src/build/kept.txt:1:hello src build',
      ].join('\n'),
    );
    expect(
      await see('grep_files', { pattern: 'hello', path: 'src/main.ts', output_mode: 'content', context: 1 }),
    ).toBe(
      [
        'src/main.ts-3-line 3',
        'src/main.ts:4:hello line 4',
        'src/main.ts-5-line 5',
        '--',
        'src/main.ts-10-line 10',
        'src/main.ts:11:hello line 11',
        'src/main.ts-12-line 12',
        '--',
        'src/main.ts-17-line 17',
        'src/main.ts:18:hello line 18',
        'src/main.ts-19-line 19',
        '--',
        'src/main.ts-24-line 24',
        'src/main.ts:25:hello line 25',
        'src/main.ts-26-line 26',
      ].join('\n'),
    );
  });

  test('a capped content search keeps the trailing context of its last match and says there are more', async () => {
    const args = { pattern: 'line \\d+', path: 'src/main.ts', output_mode: 'content', context: 1, limit: 2 };
    const expected = [
      'src/main.ts:1:line 1',
      'src/main.ts:2:line 2',
      'src/main.ts-3-line 3',
      '',
      '[Showing the first 2 of 30 matches; there are more. Narrow the pattern, path or include glob.]',
    ].join('\n');
    expect(await see('grep_files', args)).toBe(expected);
    expect(await see('grep_files', args, true)).toBe(expected);
  });
});

describe.skipIf(!HAS_RIPGREP)('outside a git repository', () => {
  const { call } = searchers({
    '.gitignore': 'out/\n*.tmp\n',
    'out/a.txt': 'needle\n',
    'b.tmp': 'needle\n',
    'c.txt': 'needle\n',
    'sub/.gitignore': '!keep.tmp\n',
    'sub/keep.tmp': 'needle\n',
  });

  test.each([
    { pattern: 'needle' },
    { pattern: 'needle', path: 'sub' },
    { pattern: 'needle', output_mode: 'content' },
  ])('.gitignore still applies, identically: %j', async (args) => {
    const [rg, js] = await Promise.all([call('grep_files', args), call('grep_files', args, true)]);
    expect(js.content).toEqual(rg.content);
  });

  test('what is searched', async () => {
    const result = await call('grep_files', { pattern: 'needle' }, true);
    expect(result.content).toEqual([{ type: 'text', text: 'sub/keep.tmp\nc.txt' }]);
  });
});

describe.skipIf(!HAS_RIPGREP)('ignore precedence: kind of file first, then depth (as ripgrep)', () => {
  const { call } = searchers({
    '.git/HEAD': 'ref\n',
    '.ignore': '*.md\n',
    '.gitignore': 'tmp/\n',
    'sub/.gitignore': '!*.md\n!tmp/\n',
    'sub/a.md': 'needle\n',
    'sub/tmp/b.txt': 'needle\n',
    'tmp/c.txt': 'needle\n',
    'sub/.rgignore': '!a.md\n',
    'other/a.md': 'needle\n',
  });

  test('both agree on what a deeper negation can re-include', async () => {
    const [rg, js] = await Promise.all([
      call('grep_files', { pattern: 'needle' }),
      call('grep_files', { pattern: 'needle' }, true),
    ]);
    expect(js.content).toEqual(rg.content);
    // .rgignore re-includes sub/a.md over the root .ignore; other/a.md stays ignored by .ignore, which a
    // .gitignore negation cannot undo; sub/tmp/ is re-included by the deeper .gitignore.
    expect(js.content).toEqual([{ type: 'text', text: 'sub/tmp/b.txt\nsub/a.md' }]);
  });
});
