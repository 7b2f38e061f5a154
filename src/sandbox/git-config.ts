import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * git's configuration, read the way git reads it, for one question: which settings make git run a program
 * (or write outside its work tree) when the user next runs git on the host. A repository a sandboxed command
 * created or changed must not carry such settings out of the sandbox, and a `safe` git command is not safe
 * in a repository that has them. No subprocess: a hand-written reader of git's ini format (sections,
 * subsections, quoting, escapes, continuations, comments, includes), with bounded reads.
 */

/** One `name = value` line (or lines, with continuations) of a config file. */
export interface GitConfigEntry {
  /** `section.subsection.name`: section and name lower-cased, the subsection as written (`diff.Foo.textconv`). */
  key: string;
  section: string;
  subsection: string | undefined;
  name: string;
  /** The value as git sees it; null for a bare `name` (boolean true). */
  value: string | null;
  file: string;
  /** 1-based line the entry starts on. */
  line: number;
  /** What removing the entry removes from the file's text (latin1 offsets): whole lines where it has them. */
  removeStart: number;
  removeEnd: number;
}

export interface ParsedGitConfig {
  entries: GitConfigEntry[];
  /** Where git would stop with "bad config line": entries after it were not read. */
  error?: { line: number };
}

/** Largest config file read (git has no limit; a larger one is reported as unchecked). */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** git's own limit on nested includes. */
export const MAX_INCLUDE_DEPTH = 10;
/** Config files read for one repository, includes and worktree configs together. */
const MAX_CONFIG_FILES = 64;
/** Directories walked up looking for a repository. */
const MAX_WALK_UP = 256;

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isKeyChar = (c: string) => isAlpha(c) || (c >= '0' && c <= '9') || c === '-';

/**
 * Parse a config file's text (decoded as latin1, so offsets are byte offsets and rewriting keeps every
 * byte). Mirrors git's config.c: `[section]`, `[section "sub"]`, `[section.sub]`, an entry after a header on
 * the same line, `name` without a value, quotes, `\\` `\"` `\n` `\t` `\b` escapes, backslash-newline
 * continuations, `#` and `;` comments, CRLF, a UTF-8 byte order mark.
 */
export function parseGitConfig(text: string, file = ''): ParsedGitConfig {
  const entries: GitConfigEntry[] = [];
  const n = text.length;
  let pos = text.startsWith('\u00ef\u00bb\u00bf') ? 3 : 0;
  let line = 1;
  let eof = false;
  let lineStart = pos;
  /** Length of the last newline read (1, or 2 for CRLF; 0 at the end of the text). */
  let newline = 0;
  const next = (): string => {
    if (pos >= n) {
      eof = true;
      newline = 0;
      return '\n';
    }
    let c = text[pos++]!;
    if (c === '\r' && text[pos] === '\n') {
      pos++;
      c = '\n';
      newline = 2;
    } else if (c === '\n') newline = 1;
    if (c === '\n') {
      line++;
      lineStart = pos;
    }
    return c;
  };
  const fail = (): ParsedGitConfig => ({ entries, error: { line } });

  let prefix = '';
  let comment = false;
  for (;;) {
    const c = next();
    if (c === '\n') {
      if (eof) return { entries };
      comment = false;
      continue;
    }
    if (comment || isSpace(c)) continue;
    if (c === '#' || c === ';') {
      comment = true;
      continue;
    }
    if (c === '[') {
      const header = parseHeader(next, () => eof);
      if (header === undefined) return fail();
      prefix = header;
      continue;
    }
    if (!isAlpha(c)) return fail();
    // An entry: its name, then nothing (boolean) or `=` and a value.
    const start = pos - 1;
    const startLine = line;
    const entryLineStart = lineStart;
    let name = c.toLowerCase();
    let d: string;
    for (;;) {
      d = next();
      if (eof || !isKeyChar(d)) break;
      name += d.toLowerCase();
    }
    while (d === ' ' || d === '\t') d = next();
    let value: string | null = null;
    if (d !== '\n') {
      if (d !== '=') return fail();
      const parsed = parseValue(next);
      if (parsed === undefined) return fail();
      value = parsed;
    }
    const alone = text.slice(entryLineStart, start).trim() === '';
    const key = prefix ? `${prefix}.${name}` : name;
    const firstDot = key.indexOf('.');
    const lastDot = key.lastIndexOf('.');
    entries.push({
      key,
      section: firstDot < 0 ? '' : key.slice(0, firstDot),
      subsection: firstDot >= 0 && lastDot > firstDot ? key.slice(firstDot + 1, lastDot) : undefined,
      name,
      value,
      file,
      line: startLine,
      removeStart: alone ? entryLineStart : start,
      removeEnd: alone ? pos : pos - newline,
    });
    if (eof) return { entries };
  }
}

/** After `[`: the section (and subsection) up to `]`, as the key prefix; undefined when git would refuse it. */
function parseHeader(next: () => string, atEof: () => boolean): string | undefined {
  let name = '';
  for (;;) {
    let c = next();
    if (atEof()) return undefined;
    if (c === ']') return name.length > 0 ? name : undefined;
    if (isSpace(c)) {
      // [section "subsection"]: whitespace, a quoted name with \-escapes, then `]` at once.
      do {
        if (c === '\n') return undefined;
        c = next();
      } while (isSpace(c));
      if (c !== '"') return undefined;
      let sub = '';
      for (;;) {
        c = next();
        if (c === '\n') return undefined;
        if (c === '"') break;
        if (c === '\\') {
          c = next();
          if (c === '\n') return undefined;
        }
        sub += c;
      }
      if (next() !== ']') return undefined;
      return name.length > 0 ? `${name}.${sub}` : undefined;
    }
    if (!isKeyChar(c) && c !== '.') return undefined;
    name += c.toLowerCase();
  }
}

/** After `=`: the value to the end of the line (or of its continuations); undefined for git's errors. */
function parseValue(next: () => string): string | undefined {
  let value = '';
  let quote = false;
  let comment = false;
  let space = 0;
  for (;;) {
    let c = next();
    if (c === '\n') return quote ? undefined : value;
    if (comment) continue;
    if (isSpace(c) && !quote) {
      if (value.length > 0) space++;
      continue;
    }
    if (!quote && (c === ';' || c === '#')) {
      comment = true;
      continue;
    }
    value += ' '.repeat(space);
    space = 0;
    if (c === '\\') {
      c = next();
      if (c === '\n') continue;
      if (c === 't') c = '\t';
      else if (c === 'b') c = '\b';
      else if (c === 'n') c = '\n';
      else if (c !== '\\' && c !== '"') return undefined;
      value += c;
      continue;
    }
    if (c === '"') {
      quote = !quote;
      continue;
    }
    value += c;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Which settings run programs

/** git's boolean spellings (and integers): `core.fsmonitor = true` runs git's own daemon, not a program. */
function isBoolean(value: string | null): boolean {
  return value === null || /^(true|yes|on|false|no|off|-?\d+[kmg]?)?$/i.test(value.trim());
}

const nonEmpty = (value: string | null) => value !== null && value.trim() !== '';

/** `name`s of a section whose non-empty value is a program git runs (`section.name`). */
const PROGRAM_KEYS: Readonly<Record<string, readonly string[]>> = {
  core: ['sshcommand', 'pager', 'editor', 'askpass', 'gitproxy', 'alternaterefscommand'],
  sequence: ['editor'],
  gpg: ['program'],
  uploadpack: ['packobjectshook'],
  interactive: ['difffilter'],
  imap: ['tunnel'],
  gui: ['editor'],
  instaweb: ['httpd', 'modulepath'],
  init: ['templatedir'],
  diff: ['external'],
};

/** `name`s of `section.<subsection>.name` that are programs (`diff.<driver>.textconv`). */
const SUBSECTION_PROGRAM_KEYS: Readonly<Record<string, readonly string[]>> = {
  diff: ['command', 'textconv'],
  merge: ['driver'],
  filter: ['clean', 'smudge', 'process'],
  gpg: ['program', 'defaultkeycommand'],
  difftool: ['cmd', 'path'],
  mergetool: ['cmd', 'path'],
  browser: ['cmd', 'path'],
  man: ['cmd', 'path'],
  guitool: ['cmd'],
  tar: ['command'],
  remote: ['uploadpack', 'receivepack'],
  hook: ['command'],
  // `git interpret-trailers` (and `git commit --trailer`) run them.
  trailer: ['command', 'cmd'],
};

/**
 * Whether a config entry makes git run a program it names, write outside its repository, or reach a
 * transport that runs commands. `gitDir` places `core.worktree` (relative to the git directory).
 */
export function isExecEntry(
  entry: Pick<GitConfigEntry, 'section' | 'subsection' | 'name' | 'value'>,
  gitDir?: string,
): boolean {
  const { section, subsection, name, value } = entry;
  if (section === 'core' && name === 'hookspath') return value !== null;
  if (section === 'core' && name === 'fsmonitor') return !isBoolean(value);
  if (section === 'core' && name === 'worktree') return worktreeOutside(value, gitDir);
  if (section === 'pager' && subsection === undefined) return !isBoolean(value);
  if (section === 'alias') return value?.trimStart().startsWith('!') ?? false;
  if (section === 'credential' && name === 'helper') return nonEmpty(value);
  if (section === 'submodule' && subsection !== undefined && name === 'update')
    return value?.trimStart().startsWith('!') ?? false;
  if (section === 'sendemail') {
    if (name.endsWith('cmd')) return nonEmpty(value);
    if (name === 'smtpserver') return value?.trim().startsWith('/') ?? false;
    return false;
  }
  if (section === 'protocol') {
    const setting = value?.trim().toLowerCase();
    if (subsection === undefined) return name === 'allow' && setting === 'always';
    return subsection.toLowerCase() === 'ext' && name === 'allow' && setting !== 'never';
  }
  // The ext:: transport runs a command (allowed only where protocol.ext.allow says so, also checked).
  if (section === 'url' && subsection?.toLowerCase().startsWith('ext::')) return true;
  if ((section === 'remote' || section === 'submodule') && (name === 'url' || name === 'pushurl'))
    return value?.trim().toLowerCase().startsWith('ext::') ?? false;
  if (section === 'lfs' && subsection !== undefined) {
    const sub = subsection.toLowerCase();
    if (sub.startsWith('customtransfer.')) return name === 'path' && nonEmpty(value);
    if (sub.startsWith('extension.')) return (name === 'clean' || name === 'smudge') && nonEmpty(value);
    return false;
  }
  const table = subsection === undefined ? PROGRAM_KEYS : SUBSECTION_PROGRAM_KEYS;
  const names = Object.hasOwn(table, section) ? table[section] : undefined;
  return (names?.includes(name) ?? false) && nonEmpty(value);
}

/**
 * `core.worktree` sends checkouts somewhere else: harmless for a submodule (`.git/modules/x` → `../../../x`),
 * not when it leaves the directory that holds the repository.
 */
function worktreeOutside(value: string | null, gitDir: string | undefined): boolean {
  if (!nonEmpty(value)) return false;
  if (!gitDir) return true;
  const parts = gitDir.split(path.sep);
  const dotGit = parts.indexOf('.git');
  const home = dotGit > 0 ? parts.slice(0, dotGit).join(path.sep) || path.sep : path.dirname(gitDir);
  const target = path.resolve(gitDir, expandHome(value!.trim()));
  return !(target === home || target.startsWith(home.endsWith(path.sep) ? home : home + path.sep));
}

export function expandHome(value: string): string {
  if (value === '~') return homeDir();
  if (value.startsWith('~/')) return path.join(homeDir(), value.slice(2));
  return value;
}

function homeDir(): string {
  return process.env.HOME || os.homedir();
}

/** An include directive: `include.path`, `includeIf.<condition>.path`. */
export function isInclude(entry: Pick<GitConfigEntry, 'section' | 'subsection' | 'name'>): boolean {
  return (
    entry.name === 'path' &&
    ((entry.section === 'include' && entry.subsection === undefined) ||
      (entry.section === 'includeif' && entry.subsection !== undefined))
  );
}

/** Where an include directive points: `~/` is git's HOME, a relative path is relative to the including file. */
export function includeTarget(entry: Pick<GitConfigEntry, 'value' | 'file'>): string | undefined {
  if (!entry.value?.trim()) return undefined;
  const value = expandHome(entry.value);
  return path.resolve(path.dirname(entry.file), value);
}

/**
 * An include that leaves the including repository's git directory: its file (in the work tree, or anywhere
 * else) stays writable to tools and commands that may not touch git's config, and what it later says
 * (`core.fsmonitor = …`) git runs on the host. A file inside the git directory is protected like the config
 * itself. Judged by where the file really is: a missing one, or one a link leads out of, counts as outside.
 */
export function isUnprotectedInclude(
  entry: Pick<GitConfigEntry, 'section' | 'subsection' | 'name' | 'value' | 'file'>,
  gitDir: string | undefined,
): boolean {
  if (!isInclude(entry)) return false;
  const target = includeTarget(entry);
  if (!target || !gitDir) return true;
  const real = quietly(() => realpathSync(target));
  if (!real) return true;
  return ![gitDir, gitCommonDir(gitDir)].some((dir) => {
    const home = quietly(() => realpathSync(dir)) ?? dir;
    return real.startsWith(home.endsWith(path.sep) ? home : home + path.sep);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reading files

/** A small file read without blocking (a FIFO is not read), or undefined; `tooLarge` past the cap. */
export function readSmallFile(
  file: string,
  maxBytes: number,
): { text: string } | { tooLarge: true } | undefined {
  // Most files asked for are missing (config.worktree, commondir): no open, no thrown error for those.
  if (!exists(file)) return undefined;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    if (stat.size > maxBytes) return { tooLarge: true };
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > maxBytes) return { tooLarge: true };
    return { text: buffer.subarray(0, length).toString('latin1') };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export interface GitConfigRead {
  /** Every entry of the files read, includes followed (in no particular order). */
  entries: GitConfigEntry[];
  /** Files read (the ones that exist), the given ones first. */
  files: string[];
  /** Files handrail could not check completely: `{ file, problem }`. */
  problems: { file: string; problem: string }[];
}

export interface ReadOptions {
  /** Bytes read per file (default MAX_CONFIG_BYTES). */
  maxBytes?: number;
}

/**
 * Read config files and every file they include (`include.path`, and `includeIf.*.path` whatever the
 * condition), to git's depth limit. Missing files are skipped, as git skips them.
 */
export function readGitConfigFiles(files: readonly string[], opts: ReadOptions = {}): GitConfigRead {
  const result: GitConfigRead = { entries: [], files: [], problems: [] };
  const maxBytes = opts.maxBytes ?? MAX_CONFIG_BYTES;
  const visit = (file: string, depth: number) => {
    if (result.files.length >= MAX_CONFIG_FILES) {
      result.problems.push({ file, problem: `more than ${MAX_CONFIG_FILES} config files to read` });
      return;
    }
    const read = readSmallFile(file, maxBytes);
    if (!read) return;
    result.files.push(file);
    if ('tooLarge' in read) {
      result.problems.push({ file, problem: `larger than ${maxBytes} bytes, not read` });
      return;
    }
    const parsed = parseGitConfig(read.text, file);
    if (parsed.error) {
      result.problems.push({ file, problem: `git cannot parse line ${parsed.error.line}` });
    }
    for (const entry of parsed.entries) {
      result.entries.push(entry);
      if (!isInclude(entry)) continue;
      const target = includeTarget(entry);
      if (!target) continue;
      if (depth >= MAX_INCLUDE_DEPTH) {
        result.problems.push({ file, problem: `includes nested deeper than ${MAX_INCLUDE_DEPTH}` });
        continue;
      }
      visit(target, depth + 1);
    }
  };
  for (const file of files) visit(file, 0);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Repositories

// Looked up without exceptions where a missing path is the common answer (findGitDir asks at every level
// up to the root after each command): a thrown error costs more than the lookup.

export function isDir(p: string): boolean {
  return quietly(() => statSync(p, { throwIfNoEntry: false }))?.isDirectory() ?? false;
}

function isFile(p: string): boolean {
  return quietly(() => statSync(p, { throwIfNoEntry: false }))?.isFile() ?? false;
}

function exists(p: string): boolean {
  return quietly(() => lstatSync(p, { throwIfNoEntry: false })) !== undefined;
}

function quietly<T>(look: () => T | undefined): T | undefined {
  try {
    return look();
  } catch {
    return undefined;
  }
}

/** `HEAD` as git validates it: `ref: refs/…`, a symbolic link into refs/, or an object id. */
function validHead(gitDir: string): boolean {
  const head = path.join(gitDir, 'HEAD');
  const stat = quietly(() => lstatSync(head, { throwIfNoEntry: false }));
  if (!stat) return false;
  if (stat.isSymbolicLink()) return true;
  const read = readSmallFile(head, 4096);
  if (!read || 'tooLarge' in read) return false;
  const text = read.text;
  return /^ref:\s*refs\//.test(text) || /^[0-9a-f]{40}(?:[0-9a-f]{24})?\s*$/.test(text);
}

/** The common directory of a linked worktree's git directory (its `commondir` file), else the directory itself. */
export function gitCommonDir(gitDir: string): string {
  const read = readSmallFile(path.join(gitDir, 'commondir'), 4096);
  if (!read || 'tooLarge' in read) return gitDir;
  const value = read.text.split('\n')[0]!.trim();
  return value ? path.resolve(gitDir, value) : gitDir;
}

/** Whether git would take a directory for a git directory (HEAD, objects/ and refs/, maybe via commondir). */
export function isGitDir(dir: string): boolean {
  if (!validHead(dir)) return false;
  const common = gitCommonDir(dir);
  return isDir(path.join(common, 'objects')) && isDir(path.join(common, 'refs'));
}

/**
 * What looks like a git directory, more loosely than git (HEAD and objects/, or HEAD and commondir): for
 * finding repositories a command made, where a near miss is better reported than passed over.
 */
export function looksLikeGitDir(dir: string): boolean {
  return (
    exists(path.join(dir, 'HEAD')) &&
    (isDir(path.join(dir, 'objects')) || exists(path.join(dir, 'commondir')))
  );
}

/** The target of a `.git` file (`gitdir: <path>`, relative to the file), or undefined. */
export function readGitFile(file: string): string | undefined {
  const read = readSmallFile(file, 4096);
  if (!read || 'tooLarge' in read) return undefined;
  const match = /^gitdir: (.+?)\s*$/m.exec(read.text.split('\n')[0] ?? '');
  return match ? path.resolve(path.dirname(file), match[1]!) : undefined;
}

/**
 * What a `.git` entry names: a directory (or a symbolic link to one) is itself, a file its `gitdir:` target.
 * Undefined when there is no `.git` there.
 */
export function resolveDotGit(dotGit: string): string | undefined {
  let stat = quietly(() => lstatSync(dotGit, { throwIfNoEntry: false }));
  if (stat?.isSymbolicLink()) stat = quietly(() => statSync(dotGit, { throwIfNoEntry: false }));
  if (!stat) return undefined;
  if (stat.isDirectory()) return dotGit;
  if (stat.isFile()) return readGitFile(dotGit);
  return undefined;
}

/**
 * The git directory governing `dir`, found as git finds it: from the physical directory (git works from
 * `getcwd()`, so a symbolic link on the way is resolved first), walking up, at each level a `.git`
 * directory, a `.git` symbolic link or a `.git` file with `gitdir: <path>`, then the directory itself as a
 * bare repository; stopping at the file-system root. Undefined outside any repository (or where git would
 * stop with an error: a `.git` file that names no repository).
 */
export function findGitDir(dir: string): string | undefined {
  return findRepository(dir)?.gitDir;
}

/** The repository governing `dir` (see findGitDir), with its work tree's top unless it is bare. */
export function findRepository(dir: string): { gitDir: string; workTree?: string } | undefined {
  let current = path.resolve(dir);
  current = quietly(() => realpathSync(current)) ?? current;
  for (let i = 0; i < MAX_WALK_UP; i++) {
    const dotGit = path.join(current, '.git');
    if (exists(dotGit)) {
      const target = resolveDotGit(dotGit);
      if (target && isGitDir(target)) return { gitDir: target, workTree: current };
      // git stops at a .git file that names no repository; a .git directory that is none is passed over.
      if (isFile(dotGit)) return undefined;
    }
    if (isGitDir(current)) return { gitDir: current };
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/** The config files git reads for a repository: the common `config` and this worktree's `config.worktree`. */
export function repositoryConfigFiles(gitDir: string): string[] {
  const common = gitCommonDir(gitDir);
  return [path.join(common, 'config'), path.join(gitDir, 'config.worktree')];
}

/** What a hazard looks like in a message: `core.fsmonitor=touch /tmp/x in /repo/.git/config`. */
export function describeEntry(entry: GitConfigEntry): string {
  const key = shown(entry.key);
  if (entry.value === null) return `${key} in ${entry.file}`;
  return `${key}=${shown(entry.value)} in ${entry.file}`;
}

/** Text to show: no control characters, at most 100 characters. */
export function plain(text: string): string {
  const value = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return value.length > 100 ? `${value.slice(0, 99)}…` : value;
}

/** A latin1-decoded config string as text to show: UTF-8, no control characters, at most 100 characters. */
function shown(text: string): string {
  const value = Buffer.from(text, 'latin1')
    .toString('utf8')
    .replace(/[\u0000-\u001f\u007f]/g, ' ');
  return value.length > 100 ? `${value.slice(0, 99)}…` : value;
}

/** The program-running entries (and unreadable files) of config files read with their includes. */
export function configHazards(read: GitConfigRead, gitDir?: string): string[] {
  const hazards = read.entries.filter((entry) => isExecEntry(entry, gitDir)).map(describeEntry);
  for (const { file, problem } of read.problems) hazards.push(`${file} could not be checked: ${problem}`);
  return hazards;
}

/**
 * Every setting in a repository's config (with its includes, and `config.worktree`) that makes git run a
 * program: `core.fsmonitor=… in /repo/.git/config`, one line each. Also files that could not be checked.
 */
export function gitExecHazards(gitDir: string): string[] {
  return configHazards(readGitConfigFiles(repositoryConfigFiles(gitDir)), gitDir);
}

/**
 * The directories git may run hooks from: `<common dir>/hooks`, and what `core.hooksPath` names (relative to
 * where hooks run: the work tree, or the git directory of a bare repository — both are given).
 */
export function hooksDirs(gitDir: string, entries: readonly GitConfigEntry[]): string[] {
  const dirs = [path.join(gitCommonDir(gitDir), 'hooks')];
  for (const entry of entries) {
    if (entry.key !== 'core.hookspath' || !entry.value?.trim()) continue;
    const value = expandHome(entry.value.trim());
    dirs.push(path.resolve(path.dirname(gitDir), value), path.resolve(gitDir, value));
  }
  return [...new Set(dirs)];
}
