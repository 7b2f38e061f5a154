// The files the traced command lines read: a small git repository with history, a dirty work tree and an
// untracked file, text in several shapes, a gzip file, a directory tree, a symlink, and file names that
// look like options (`-z`, `--pre=touch`), so that a glob handed to a safe program really can turn into a
// flag. Built once on the host; each sandbox copies it onto its own tmpfs before tracing starts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the fixture lives inside the sandbox (the tmpfs working directory of every line). */
export const SANDBOX_WORKDIR = '/tmp/w';

const NOTES = Array.from(
  { length: 40 },
  (_, i) => `line ${i + 1} ${['foo', 'bar', 'baz', 'qux'][i % 4]} ${i % 3 === 0 ? '# note' : 'text'}`,
).join('\n');

const FILES: Record<string, string> = {
  'README.md': '# Fixture\n\nfoo bar baz\n\n## Usage\n\nrun `make`\n',
  'notes.txt': `${NOTES}\n`,
  'data.csv': 'name,count,kind\nalpha,3,foo\nbeta,10,bar\ngamma,7,foo\ndelta,1,baz\n',
  'src/a.ts': "export const a = 'foo';\n// TODO: bar\nexport function f(x: number) {\n  return x + 1;\n}\n",
  'src/b.ts': "import { a } from './a';\nconsole.log(a, 'bar');\n",
  'src/lib/c.js': 'module.exports = { c: 42 }; // foo\n',
  'docs/guide.md': '# Guide\n\nSee notes.txt. foo\n',
  'tree/a/b/c/leaf.txt': 'leaf foo\n',
  'tree/a/x.txt': 'x bar\n',
  log: '2024-01-01 start\n2024-01-02 foo error\n2024-01-03 bar ok\n',
  'empty.txt': '',
  // Words for `xargs -a args.txt …`: a command line, which must not run.
  'args.txt': 'touch /tmp/hr-pwned-args\n',
  'file with space.txt': 'spaced foo\n',
  // Names that become options when a glob expands to them.
  '-z': 'dash z foo\n',
  '--pre=touch': 'pre foo\n',
  '-o': 'dash o foo\n',
};

/** Build the fixture in `dir` (which must exist and be empty). */
export function buildFixture(dir: string): void {
  for (const [name, text] of Object.entries(FILES)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  writeFileSync(path.join(dir, 'archive.gz'), gzipSync(Buffer.from(`${NOTES}\n`)));
  symlinkSync('notes.txt', path.join(dir, 'link'));
  mkdirSync(path.join(dir, 'home'));

  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: path.join(dir, 'home'),
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'Fixture',
        GIT_AUTHOR_EMAIL: 'fixture@example.invalid',
        GIT_COMMITTER_NAME: 'Fixture',
        GIT_COMMITTER_EMAIL: 'fixture@example.invalid',
        GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
        GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
      },
    });
  git('init', '-q', '-b', 'main');
  git('add', 'README.md', 'notes.txt', 'src', 'docs');
  git('commit', '-q', '-m', 'first');
  git('add', 'data.csv', 'tree', 'log');
  git('commit', '-q', '-m', 'second: data');
  git('branch', 'feature');
  git('tag', 'v1');
  writeFileSync(path.join(dir, 'src/a.ts'), `${FILES['src/a.ts']}export const b = 'bar';\n`);
  git('add', 'src/a.ts');
  git('commit', '-q', '-m', 'third: b');
  // A dirty work tree and a staged change, so status and diff have something to say.
  writeFileSync(path.join(dir, 'notes.txt'), `${NOTES}\nline 41 added\n`);
  writeFileSync(path.join(dir, 'src/b.ts'), `${FILES['src/b.ts']}// staged\n`);
  git('add', 'src/b.ts');
  // Old timestamps, then a fresh index: nothing is racily clean.
  const old = new Date('2024-01-02T00:00:00Z');
  for (const name of [...Object.keys(FILES), 'archive.gz']) utimesSync(path.join(dir, name), old, old);
  git('update-index', '-q', '--really-refresh');
}
