// The git config reader against real git, the settings that run programs, and how a git command line picks
// its repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitCommandHazards } from '../../src/sandbox/git-command-hazards.js';
import {
  findGitDir,
  gitExecHazards,
  parseGitConfig,
  readGitConfigFiles,
} from '../../src/sandbox/git-config.js';
import { indexGitlinks } from '../../src/sandbox/git-index.js';
import { tempDir } from '../support/temp.js';

const git = (args: string[], cwd?: string) =>
  execFileSync('git', args, { encoding: 'utf8', ...(cwd ? { cwd } : {}), stdio: ['ignore', 'pipe', 'pipe'] });

function dir(): string {
  return realpathSync(tempDir('hr-gitcfg-'));
}

function write(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** `git config -l -z` of one file (without includes): [key, value | null] pairs. */
function gitList(file: string): [string, string | null][] {
  const out = git(['config', '--no-includes', '-f', file, '-l', '-z']);
  return out
    .split('\0')
    .filter(Boolean)
    .map((item) => {
      const nl = item.indexOf('\n');
      return nl < 0 ? [item, null] : [item.slice(0, nl), item.slice(nl + 1)];
    });
}

/** git's key spelling: section and name lower case, subsection as written. */
const ours = (text: string) =>
  parseGitConfig(Buffer.from(text).toString('latin1')).entries.map(
    (e) =>
      [
        Buffer.from(e.key, 'latin1').toString('utf8'),
        e.value === null ? null : Buffer.from(e.value, 'latin1').toString('utf8'),
      ] as const,
  );

const SAMPLES = [
  '[core]\n\tfsmonitor = touch /tmp/x\n',
  '[core] fsmonitor = evil\n',
  '[Core]\n  FSMonitor=evil ; comment\n  pager = "less  -R" # more\n',
  '[diff "Foo Bar"]\n\ttextconv = cat\n[filter.LFS]\n\tsmudge = z\n',
  '[alias]\n\tk\n\tst = !sh -c \\\n  "echo hi"\n',
  '[a "x\\"y\\\\z"]\nk = "a\\tb\\nc" d\\\\e\n',
  '\uFEFF[core]\r\n\teditor = vim\r\n',
  '; top\n# top\n[sec.sub.deeper]\nkey = v # c\n[s] [t] k = 1\n',
  '[x]\nk = "quoted ; not a comment"   trailing   \n[y "é"]\nk = ünicode\n',
  '[include]\n\tpath = other.inc\n[includeIf "gitdir:/x/"]\n\tpath = ~/y.inc\n',
];

describe('parseGitConfig', () => {
  it('reads what git reads', () => {
    const base = dir();
    SAMPLES.forEach((text, i) => {
      const file = write(path.join(base, `c${i}`), text);
      expect(ours(text), text).toEqual(gitList(file));
    });
  });

  it('stops where git reports a bad config line', () => {
    for (const text of ['[core\n', 'k = v\n[\n', '[core]\n1k = v\n', '[core]\nk # c\n', '[c]\nk = "open\n']) {
      const parsed = parseGitConfig(text);
      expect(parsed.error, text).toBeDefined();
      const file = write(path.join(dir(), 'bad'), text);
      expect(() => gitList(file)).toThrow();
    }
  });

  it('marks whole lines to remove, and only the entry after a header on the same line', () => {
    const text = '[core]\n\tbare = false\n\tfsmonitor = a \\\n b\n[x] k = v\n';
    const { entries } = parseGitConfig(text);
    const cut = (i: number) => text.slice(0, entries[i]!.removeStart) + text.slice(entries[i]!.removeEnd);
    expect(cut(1)).toBe('[core]\n\tbare = false\n[x] k = v\n');
    expect(cut(2)).toBe('[core]\n\tbare = false\n\tfsmonitor = a \\\n b\n[x] \n');
  });
});

describe('gitExecHazards', () => {
  it('finds every kind of setting that runs a program, and leaves the rest', () => {
    const repo = dir();
    git(['init', '-q', repo]);
    const config = path.join(repo, '.git', 'config');
    const settings = [
      ['core.fsmonitor', 'touch /tmp/pwned'],
      ['core.hooksPath', '/tmp/hooks'],
      ['core.sshCommand', 'ssh -o ProxyCommand=x'],
      ['core.pager', 'less; evil'],
      ['core.editor', 'evil'],
      ['core.askPass', 'evil'],
      ['core.gitProxy', 'evil'],
      ['core.alternateRefsCommand', 'evil'],
      ['core.worktree', '/home'],
      ['diff.external', 'evil'],
      ['diff.x.command', 'evil'],
      ['diff.x.textconv', 'evil'],
      ['merge.x.driver', 'evil'],
      ['filter.x.clean', 'evil'],
      ['filter.x.smudge', 'evil'],
      ['filter.x.process', 'evil'],
      ['credential.helper', '!evil'],
      ['credential.https://example.com.helper', 'evil'],
      ['sequence.editor', 'evil'],
      ['gpg.program', 'evil'],
      ['gpg.ssh.program', 'evil'],
      ['gpg.ssh.defaultKeyCommand', 'evil'],
      ['pager.log', 'evil'],
      ['alias.st', '!evil'],
      ['uploadpack.packObjectsHook', 'evil'],
      ['remote.origin.uploadpack', 'evil'],
      ['remote.origin.receivepack', 'evil'],
      ['remote.other.url', 'ext::sh -c evil'],
      ['protocol.ext.allow', 'always'],
      ['url.ext::sh -c evil.insteadOf', 'https://x/'],
      ['difftool.x.cmd', 'evil'],
      ['mergetool.x.path', '/tmp/evil'],
      ['browser.x.cmd', 'evil'],
      ['man.x.cmd', 'evil'],
      ['guitool.x.cmd', 'evil'],
      ['sendemail.tocmd', 'evil'],
      ['sendemail.smtpServer', '/tmp/evil'],
      ['instaweb.httpd', 'evil'],
      ['interactive.diffFilter', 'evil'],
      ['imap.tunnel', 'evil'],
      ['tar.x.command', 'evil'],
      ['submodule.s.update', '!evil'],
      ['init.templateDir', '/tmp/t'],
      ['hook.lint.command', 'evil'],
      ['lfs.customtransfer.x.path', 'evil'],
      ['trailer.sign.command', 'evil'],
      ['trailer.sign.cmd', 'evil'],
    ];
    for (const [key, value] of settings) git(['config', '-f', config, '--add', key!, value!]);
    // Settings that look alike and run nothing.
    for (const [key, value] of [
      ['core.fsmonitor', 'true'],
      ['pager.diff', 'false'],
      ['alias.lg', 'log --oneline'],
      ['credential.helper', ''],
      ['diff.x.binary', 'true'],
      ['remote.origin.url', 'https://example.com/x.git'],
      ['submodule.s.update', 'rebase'],
      ['protocol.ext.allow', 'never'],
      ['user.name', 'Someone'],
      ['constructor.x', 'y'],
      ['constructor.sub.x', 'y'],
    ])
      git(['config', '-f', config, '--add', key!, value!]);
    const hazards = gitExecHazards(path.join(repo, '.git'));
    const keys = hazards.map((h) => h.slice(0, h.indexOf('=')).toLowerCase());
    expect(keys.sort()).toEqual(settings.map(([key]) => key!.toLowerCase()).sort());
    expect(hazards).toContain(`core.fsmonitor=touch /tmp/pwned in ${config}`);
  });

  it('follows include.path and includeIf relative to the including file, and reads config.worktree', () => {
    const repo = dir();
    git(['init', '-q', repo]);
    write(path.join(repo, 'shared', 'a.inc'), '[include]\n\tpath = b.inc\n');
    write(path.join(repo, 'shared', 'b.inc'), '[diff "pdf"]\n\ttextconv = evil\n');
    write(path.join(repo, 'cond.inc'), '[credential]\n\thelper = evil\n');
    git(['config', '--add', 'include.path', '../shared/a.inc'], repo);
    git(['config', '--add', 'includeIf.onbranch:nope.path', '../cond.inc'], repo);
    write(path.join(repo, '.git', 'config.worktree'), '[core]\n\teditor = evil\n');
    expect(gitExecHazards(path.join(repo, '.git')).sort()).toEqual([
      `core.editor=evil in ${path.join(repo, '.git', 'config.worktree')}`,
      `credential.helper=evil in ${path.join(repo, '.git', '..', 'cond.inc')}`,
      `diff.pdf.textconv=evil in ${path.join(repo, '.git', '..', 'shared', 'b.inc')}`,
    ]);
  });

  it('bounds includes: a cycle and a huge file are reported, not followed forever', () => {
    const base = dir();
    write(path.join(base, 'a'), '[include]\n\tpath = b\n');
    write(path.join(base, 'b'), '[include]\n\tpath = a\n[core]\n\tpager = evil\n');
    const read = readGitConfigFiles([path.join(base, 'a')]);
    expect(read.problems.length).toBeGreaterThan(0);
    expect(read.entries.some((e) => e.key === 'core.pager')).toBe(true);
    write(path.join(base, 'big'), `${'# pad\n'.repeat(300_000)}[core]\n\tpager = evil\n`);
    expect(readGitConfigFiles([path.join(base, 'big')]).problems[0]?.problem).toContain('larger than');
  });
});

describe('findGitDir', () => {
  it('finds .git directories, .git symlinks, gitdir: files, bare repositories and worktrees', () => {
    const base = dir();
    git(['init', '-q', path.join(base, 'plain')]);
    mkdirSync(path.join(base, 'plain', 'a', 'b'), { recursive: true });
    expect(findGitDir(path.join(base, 'plain', 'a', 'b'))).toBe(path.join(base, 'plain', '.git'));

    git(['init', '-q', '--bare', path.join(base, 'foo.git')]);
    expect(findGitDir(path.join(base, 'foo.git', 'refs'))).toBe(path.join(base, 'foo.git'));

    mkdirSync(path.join(base, 'linked'));
    symlinkSync(path.join(base, 'foo.git'), path.join(base, 'linked', '.git'));
    expect(findGitDir(path.join(base, 'linked'))).toBe(path.join(base, 'linked', '.git'));

    git(['init', '-q', `--separate-git-dir=${path.join(base, 'store')}`, path.join(base, 'wt')]);
    expect(findGitDir(path.join(base, 'wt'))).toBe(path.join(base, 'store'));

    git(['-C', path.join(base, 'plain'), 'commit', '-q', '--allow-empty', '-m', 'x'], base);
    git(['-C', path.join(base, 'plain'), 'worktree', 'add', '-q', path.join(base, 'extra')]);
    const worktreeGitDir = findGitDir(path.join(base, 'extra'))!;
    expect(worktreeGitDir).toBe(path.join(base, 'plain', '.git', 'worktrees', 'extra'));
    // A worktree reads the common config: its hazards are the main repository's.
    git(['-C', path.join(base, 'plain'), 'config', 'core.pager', 'evil']);
    expect(gitExecHazards(worktreeGitDir)).toEqual([
      `core.pager=evil in ${path.join(base, 'plain', '.git', 'config')}`,
    ]);
    expect(findGitDir('/')).toBeUndefined();
  });
});

describe('gitCommandHazards', () => {
  it('follows -C (cumulative), --git-dir, -c and GIT_DIR to the repository a git command uses', () => {
    const ws = dir();
    git(['init', '-q', ws]);
    git(['init', '-q', path.join(ws, 'sub')]);
    git(['init', '-q', '--bare', path.join(ws, 'sub', 'deeper', 'b.git')]);
    git(['config', 'core.fsmonitor', 'touch /tmp/pwned'], path.join(ws, 'sub'));
    git(['config', '-f', path.join(ws, 'sub', 'deeper', 'b.git', 'config'), 'filter.x.smudge', 'evil']);
    const none = { systemConfig: false } as const;
    expect(gitCommandHazards(ws, [['git', 'log']], none)).toEqual([]);
    expect(gitCommandHazards(ws, [['ls'], ['/usr/bin/git', '-C', 'sub', 'log']], none)).toEqual([
      `core.fsmonitor=touch /tmp/pwned in ${path.join(ws, 'sub', '.git', 'config')}`,
    ]);
    expect(gitCommandHazards(ws, [['git', '-C', 'sub', '-C', 'deeper/b.git', 'log']], none)).toEqual([
      `filter.x.smudge=evil in ${path.join(ws, 'sub', 'deeper', 'b.git', 'config')}`,
    ]);
    expect(gitCommandHazards(ws, [['git', '--git-dir=sub/.git', 'status']], none)).toHaveLength(1);
    expect(gitCommandHazards(ws, [['git', '--git-dir', 'sub/.git', 'status']], none)).toHaveLength(1);
    expect(gitCommandHazards(ws, [['GIT_DIR=sub/.git', 'git', 'status']], none)).toHaveLength(1);
    expect(gitCommandHazards(ws, [['git', '-c', 'core.pager=evil', 'log']], none)).toEqual([
      'git -c core.pager=evil',
    ]);
    expect(gitCommandHazards(ws, [['git', '-c', 'color.ui=never', 'log']], none)).toEqual([]);
    expect(gitCommandHazards(ws, [['GIT_PAGER=evil', 'git', 'log']], none)).toEqual([
      'git runs with GIT_PAGER=evil',
    ]);
    // The system config the sandbox shows counts too.
    const system = write(path.join(ws, 'system.gitconfig'), '[core]\n\tpager = evil\n');
    expect(gitCommandHazards(ws, [['git', 'log']], { systemConfig: system })).toEqual([
      `core.pager=evil in ${system}`,
    ]);
  });
});

describe('gitCommandHazards follows the line to every repository it can reach', () => {
  const none = { systemConfig: false } as const;

  it('through each cd, in any order and nested, and not through a directory known only at run time', () => {
    const ws = dir();
    git(['init', '-q', ws]);
    mkdirSync(path.join(ws, 'a'));
    git(['init', '-q', path.join(ws, 'a', 'b')]);
    git(['config', 'core.editor', 'evil'], path.join(ws, 'a', 'b'));
    const hazard = `core.editor=evil in ${path.join(ws, 'a', 'b', '.git', 'config')}`;
    expect(
      gitCommandHazards(
        ws,
        [
          ['cd', 'a'],
          ['git', 'status'],
        ],
        none,
      ),
    ).toEqual([]);
    for (const line of [
      [
        ['cd', 'a'],
        ['cd', 'b'],
        ['git', 'status'],
      ],
      [
        ['git', 'status'],
        ['cd', 'b'],
        ['cd', 'a'],
      ], // a loop runs them again in this order
      [
        ['cd', '-P', '--', 'a/b'],
        ['git', 'log'],
      ],
      [
        ['cd', './a/b/'],
        ['git', 'log'],
      ],
      [
        ['cd', path.join(ws, 'a', 'b')],
        ['/usr/bin/git', 'log'],
      ],
    ])
      expect(gitCommandHazards(ws, line, none), JSON.stringify(line)).toEqual([hazard]);
    for (const target of ['$D', '"$PWD/a/b"', 'a/*', '~/x', '-', undefined]) {
      const cd = target === undefined ? ['cd'] : ['cd', target];
      expect(gitCommandHazards(ws, [cd, ['git', 'log']], none)[0], String(target)).toMatch(
        /known only at run time/,
      );
    }
    expect(gitCommandHazards(ws, [['git', '-C', 'a/*', 'log']], none)[0]).toMatch(/known only at run time/);
    // No git, nothing to check.
    expect(gitCommandHazards(ws, [['cd', '$D'], ['ls']], none)).toEqual([]);
  });

  it('from the physical directory, as git does, through a symbolic link', () => {
    const ws = dir();
    git(['init', '-q', ws]);
    const elsewhere = dir();
    git(['init', '-q', elsewhere]);
    git(['config', 'core.pager', 'evil'], elsewhere);
    mkdirSync(path.join(elsewhere, 'deep'));
    symlinkSync(path.join(elsewhere, 'deep'), path.join(ws, 'link'));
    expect(gitCommandHazards(ws, [['git', '-C', 'link', 'log']], none)).toEqual([
      `core.pager=evil in ${path.join(elsewhere, '.git', 'config')}`,
    ]);
  });

  it('settings that make git log run gpg to verify signatures', () => {
    const ws = dir();
    git(['init', '-q', ws]);
    expect(gitCommandHazards(ws, [['git', 'log']], none)).toEqual([]);
    for (const [key, value] of [
      ['log.showSignature', 'true'],
      ['format.pretty', '%h %G?'],
      ['pretty.signed', 'format:%h %GS'],
    ]) {
      const repo = dir();
      git(['init', '-q', repo]);
      git(['config', key!, value!], repo);
      expect(gitCommandHazards(repo, [['git', 'log']], none)[0], key).toContain('gpg');
    }
  });
});

describe('indexGitlinks', () => {
  /** The gitlink paths as git lists them. */
  const gitlinks = (repo: string) =>
    git(['-c', 'safe.directory=*', 'ls-files', '-s', '-z'], repo)
      .split('\0')
      .filter((line) => line.startsWith('160000 '))
      .map((line) => line.slice(line.indexOf('\t') + 1))
      .sort();

  function superproject(objectFormat: 'sha1' | 'sha256'): string {
    const repo = dir();
    git(['init', '-q', `--object-format=${objectFormat}`, repo]);
    for (let i = 0; i < 40; i++) write(path.join(repo, 'src', `dir${i % 7}`, `file-${i}.txt`), `${i}\n`);
    for (const name of ['a/sub', 'a/sub-two', 'zz/deep/emb', 'ünï code']) {
      const sub = path.join(repo, name);
      git(['init', '-q', `--object-format=${objectFormat}`, sub]);
      git(['-c', 'user.name=t', '-c', 'user.email=t@e', 'commit', '-q', '--allow-empty', '-m', 'x'], sub);
    }
    git(['add', '.'], repo);
    return repo;
  }

  it('finds the gitlinks git lists, in index versions 2, 3 (extended flags) and 4, with either object format', () => {
    for (const format of ['sha1', 'sha256'] as const) {
      const repo = superproject(format);
      const expected = gitlinks(repo);
      expect(expected).toHaveLength(4);
      const hash = format === 'sha256' ? 32 : 20;
      for (const version of ['2', '3', '4']) {
        git(['update-index', '--index-version', version], repo);
        // Version 3 is written only when an entry has extended flags (intent-to-add, skip-worktree).
        if (version === '3') git(['update-index', '--skip-worktree', 'src/dir1/file-1.txt'], repo);
        const found = indexGitlinks(path.join(repo, '.git'), hash);
        expect(found.problem, `${format} v${version}`).toBeUndefined();
        expect(found.paths.sort(), `${format} v${version}`).toEqual(expected);
      }
    }
  });

  it('reads the shared index of a split index, and reports an index it cannot read', () => {
    const repo = superproject('sha1');
    git(['update-index', '--split-index'], repo);
    write(path.join(repo, 'late.txt'), 'x\n');
    git(['add', 'late.txt'], repo);
    expect(indexGitlinks(path.join(repo, '.git')).paths.sort()).toEqual(gitlinks(repo));
    write(path.join(repo, '.git', 'index'), 'DIRC\u0000\u0000\u0000\u0009garbage');
    expect(indexGitlinks(path.join(repo, '.git')).problem).toContain('version 9');
    expect(indexGitlinks(dir())).toEqual({ paths: [] });
  });
});
