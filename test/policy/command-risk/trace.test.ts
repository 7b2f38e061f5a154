// The tracer's reading of strace output, on hand-written traces (runs without strace).
import { describe, expect, test } from 'vitest';
import { unlistedExecs } from './harness/argv.js';
import { judgeTrace, parseTrace, stringsIn } from './harness/trace.js';

const policy = { programs: new Set(['bash', 'ls', 'git', 'sort', 'cat']), marker: 'hrtest-' };

function judge(trace: string, lines = 2) {
  return judgeTrace(parseTrace(trace.trim().replace(/^ +/gm, '')), lines, policy);
}

describe('parseTrace', () => {
  test('joins unfinished and resumed calls, and keeps a call its process never finished', () => {
    const events = parseTrace(
      [
        '10 openat(AT_FDCWD, "a", O_RDONLY <unfinished ...>',
        '11 clone(child_stack=NULL, flags=SIGCHLD) = 12',
        '10 <... openat resumed>) = 3',
        '12 openat(AT_FDCWD, "b", O_WRONLY|O_CREAT <unfinished ...>',
        '12 +++ killed by SIGKILL +++',
      ].join('\n'),
    );
    expect(events.map((e) => [e.pid, e.name, e.result])).toEqual([
      [11, 'clone', '12'],
      [10, 'openat', '3'],
      [12, 'openat', '?'],
    ]);
  });

  test('decodes string arguments', () => {
    expect(stringsIn('AT_FDCWD, "a \\"b\\"\\n\\33c", O_RDONLY')).toEqual(['a "b"\n\x1bc']);
  });
});

describe('judgeTrace', () => {
  test('attributes a line from its marker exec on, through clones, and ignores the runner', () => {
    const verdicts = judge(`
      5 openat(AT_FDCWD, "/tmp/runner-own", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3
      5 clone(child_stack=NULL, flags=SIGCHLD) = 6
      6 openat(AT_FDCWD, "/dev/null", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 1
      6 execve("/usr/bin/bash", ["/bin/bash", "-c", "ls", "hrtest-0"], 0x1 /* 3 vars */) = 0
      6 clone(child_stack=NULL, flags=SIGCHLD) = 7
      7 execve("/usr/bin/ls", ["ls"], 0x1 /* 3 vars */) = 0
      5 clone(child_stack=NULL, flags=SIGCHLD) = 8
      8 execve("/usr/bin/bash", ["/bin/bash", "-c", "touch x", "hrtest-1"], 0x1 /* 3 vars */) = 0
      9 openat(AT_FDCWD, "x", O_WRONLY|O_CREAT|O_NOCTTY|O_NONBLOCK, 0666) = 3
      8 clone(child_stack=NULL, flags=SIGCHLD) = 9
      9 execve("/usr/bin/touch", ["touch", "x"], 0x1 /* 3 vars */) = 0
    `);
    expect(verdicts[0]).toEqual({ started: true, violations: [], execs: [['ls']] });
    expect(verdicts[1]!.started).toBe(true);
    expect(verdicts[1]!.execs).toEqual([['touch', 'x']]);
    expect(verdicts[1]!.violations).toEqual([
      'openat x O_WRONLY|O_CREAT|O_NOCTTY|O_NONBLOCK (by bash)',
      'executes /usr/bin/touch, which is not on the safe list (by bash)',
    ]);
  });

  test('a line never started is reported as such', () => {
    expect(judge('1 execve("/usr/bin/bash", ["bash", "/runner"], 0x1) = 0', 1)).toEqual([
      { started: false, violations: [], execs: [] },
    ]);
  });

  test('exceptions are narrow: git index lock, sort spill files, pseudo-files', () => {
    const verdicts = judge(`
      6 execve("/usr/bin/bash", ["/bin/bash", "-c", "git status", "hrtest-0"], 0x1) = 0
      6 execve("/usr/bin/git", ["git", "status"], 0x1) = 0
      6 openat(AT_FDCWD, "/dev/null", O_RDWR) = 3
      6 openat(AT_FDCWD, "/tmp/w/.git/index.lock", O_RDWR|O_CREAT|O_EXCL|O_CLOEXEC, 0666) = 3
      6 rename("/tmp/w/.git/index.lock", "/tmp/w/.git/index") = 0
      6 openat(AT_FDCWD, "/tmp/w/.git/refs/heads/x.lock", O_RDWR|O_CREAT|O_EXCL, 0666) = 3
      7 execve("/usr/bin/bash", ["/bin/bash", "-c", "sort f", "hrtest-1"], 0x1) = 0
      7 execve("/usr/bin/sort", ["sort", "f"], 0x1) = 0
      7 openat(AT_FDCWD, "/tmp/sortAb12Cd", O_RDWR|O_CREAT|O_EXCL|O_CLOEXEC, 0600) = 4
      7 unlink("/tmp/sortAb12Cd") = 0
      7 openat(AT_FDCWD, "/tmp/w/notes.txt", O_WRONLY|O_TRUNC) = 4
      7 execve("ls", ["ls"], 0x1) = -1 ENOENT (No such file or directory)
    `);
    expect(verdicts[0]!.violations).toEqual([
      'openat /tmp/w/.git/refs/heads/x.lock O_RDWR|O_CREAT|O_EXCL (by git)',
    ]);
    expect(verdicts[1]!.violations).toEqual([
      'openat /tmp/w/notes.txt O_WRONLY|O_TRUNC (by sort)',
      'executes ls, outside the system directories (by sort)',
    ]);
  });
});

describe('unlistedExecs', () => {
  test('an exec must match a listed argv word for word', () => {
    // `find . 2>/dev/null -exec touch x {} +` read as `find .`: the argv bash ran is not listed.
    expect(unlistedExecs([['find', '.']], [['find', '.', '-exec', 'touch', 'x', '{}', '+']], '/h')).toEqual([
      '["find",".","-exec","touch","x","{}","+"]',
    ]);
    expect(unlistedExecs([['python3', '0']], [['python3']], '/h')).toEqual(['["python3"]']);
    expect(unlistedExecs([['ls', '-la']], [['ls', '-la']], '/h')).toEqual([]);
  });

  test('launchers, egrep, tildes and globs', () => {
    expect(unlistedExecs([['ls']], [['timeout', '2', 'ls'], ['ls']], '/h')).toEqual([]);
    expect(
      unlistedExecs(
        [['egrep', 'x', 'f']],
        [
          ['egrep', 'x', 'f'],
          ['grep', '-E', 'x', 'f'],
        ],
        '/h',
      ),
    ).toEqual([]);
    expect(unlistedExecs([['cat', '~/x']], [['cat', '/h/x']], '/h')).toEqual([]);
    expect(unlistedExecs([['cat', 'src/*.ts']], [['cat', 'src/a.ts', 'src/b.ts']], '/h')).toEqual([]);
    expect(unlistedExecs([['cat', 'src/*.ts']], [['wc', 'src/a.ts']], '/h')).toEqual(['["wc","src/a.ts"]']);
  });
});
