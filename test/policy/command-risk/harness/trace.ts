// Reads `strace -f` output and finds what each traced command line did that a plain read never does.
//
// Attribution: the runner starts every line as `bash -c LINE MARKER` (MARKER = `<token>-<index>`). The
// process whose execve carries the marker belongs to that line from that execve on (what it did before was
// the runner setting up its redirections), and so does every process or thread it clones, recursively.
// Lines are attributed by pid, so lines may overlap in time without confusing the verdict.
//
// What counts as unsafe (attempts count, whether or not they succeeded):
// - open/openat/openat2 with O_WRONLY, O_RDWR, O_CREAT, O_TRUNC or O_TMPFILE; creat;
// - unlink, rename, mkdir, rmdir, link, symlink, mknod, truncate, ftruncate, chmod, chown, utime(s), in
//   every variant, and mount, bind of a socket path, io_uring_setup (its file operations are not syscalls);
// - execve/execveat of a program that is not on the classifier's safe list, or from outside the system
//   directories.
// Exceptions, each narrow and for the program's own scratch or cache, never the data it reads:
// - the writable pseudo-files: /dev/null, /dev/full, /dev/tty, /dev/stdout, /dev/stderr, /dev/fd/N,
//   /proc/self/fd/N (diffutils and others open /dev/full onto a standard descriptor the line closed);
// - git's optional index refresh: git creates `.git/index.lock` (O_EXCL) and then renames it onto
//   `.git/index` or unlinks it. The staged content is unchanged; only cached stat data is rewritten. Every
//   other write by git (refs, objects, config, the work tree) is still unsafe;
// - sort's spill files: sort creates `$TMPDIR/sortXXXXXX` (O_EXCL, 0600) when its input outgrows memory
//   and unlinks it;
// - bash's here-document files: `$TMPDIR/sh-thd*` (O_EXCL), created for a document too big for a pipe and
//   unlinked at once.

/** One syscall of one process, after `<unfinished ...>` / `<... resumed>` pairs are joined. */
export interface Event {
  pid: number;
  name: string;
  args: string;
  /** The return value as printed (`0`, `3`, `-1 ENOENT (…)`, `?`). */
  result: string;
}

/** Split strace -f output (one `PID syscall(...) = result` per line) into events. */
export function parseTrace(text: string): Event[] {
  const events: Event[] = [];
  const pending = new Map<number, string>();
  for (const raw of text.split('\n')) {
    const match = /^(\d+)\s+(.*)$/.exec(raw);
    if (!match) continue;
    const pid = Number(match[1]);
    let rest = match[2]!;
    if (rest.startsWith('---') || rest.startsWith('+++')) continue;
    if (rest.endsWith('<unfinished ...>')) {
      pending.set(pid, rest.slice(0, -'<unfinished ...>'.length).trimEnd());
      continue;
    }
    const resumed = /^<\.\.\. [\w]+ resumed>\s?(.*)$/.exec(rest);
    if (resumed) {
      const start = pending.get(pid);
      if (start === undefined) continue;
      pending.delete(pid);
      rest = start + resumed[1];
    }
    const event = parseCall(pid, rest);
    if (event) events.push(event);
  }
  // A call that never returned (its process was killed) was still attempted.
  for (const [pid, start] of pending) {
    const event = parseCall(pid, `${start}) = ?`);
    if (event) events.push(event);
  }
  return events;
}

function parseCall(pid: number, text: string): Event | null {
  const match = /^(\w+)\((.*)\)\s+=\s+(.*)$/s.exec(text);
  if (!match) return null;
  return { pid, name: match[1]!, args: match[2]!, result: match[3]! };
}

/** The C-style string literals in strace's rendering of the arguments, decoded. */
export function stringsIn(args: string): string[] {
  const out: string[] = [];
  for (const match of args.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push(unescapeC(match[1]!));
  return out;
}

function unescapeC(text: string): string {
  return text.replace(
    /\\(?:([0-7]{1,3})|x([0-9a-fA-F]{2})|(.))/g,
    (_m, oct?: string, hex?: string, ch?: string) => {
      if (oct) return String.fromCharCode(Number.parseInt(oct, 8));
      if (hex) return String.fromCharCode(Number.parseInt(hex, 16));
      return { n: '\n', t: '\t', r: '\r', v: '\v', f: '\f' }[ch!] ?? ch!;
    },
  );
}

/** execve's argv (the strings after the path), with the bytes strace escapes read as UTF-8. */
function argvOf(args: string): string[] {
  return stringsIn(args)
    .slice(1)
    .map((s) => Buffer.from(s, 'latin1').toString('utf8'));
}

/** The arguments with string literals blanked, so flags are not matched inside a path. */
function withoutStrings(args: string): string {
  return args.replace(/"((?:[^"\\]|\\.)*)"/g, '""');
}

export interface Policy {
  /** Program names (basenames) a safe line may execute. */
  programs: ReadonlySet<string>;
  /** Marker prefix the runner appended to each `bash -c` (`<token>-`). */
  marker: string;
}

/** Directories a safe line may execute programs from (git looks in its exec-path first). */
const SYSTEM_DIRS = new Set(['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/local/sbin']);
const GIT_EXEC_PATH = /^\/usr\/(?:lib|libexec)\/git-core$/;

const WRITABLE_PSEUDO =
  /^(?:\/dev\/(?:null|full|tty|stdout|stderr|fd\/\d+)|\/proc\/(?:self|thread-self|\d+)\/fd\/\d+)$/;
const WRITE_FLAGS = /\b(?:O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_TMPFILE)\b/;
const OPENS = new Set(['open', 'openat', 'openat2']);
/** Syscalls that change the file system whatever their arguments. */
const CHANGES = new Set([
  'creat',
  'unlink',
  'unlinkat',
  'rename',
  'renameat',
  'renameat2',
  'mkdir',
  'mkdirat',
  'rmdir',
  'link',
  'linkat',
  'symlink',
  'symlinkat',
  'mknod',
  'mknodat',
  'truncate',
  'ftruncate',
  'chmod',
  'fchmod',
  'fchmodat',
  'fchmodat2',
  'chown',
  'fchown',
  'lchown',
  'fchownat',
  'utime',
  'utimes',
  'utimensat',
  'futimesat',
  'setxattr',
  'lsetxattr',
  'fsetxattr',
  'removexattr',
  'lremovexattr',
  'fremovexattr',
  'mount',
  'umount2',
  'bind',
  'io_uring_setup',
]);
const EXECS = new Set(['execve', 'execveat']);
const FORKS = new Set(['clone', 'clone3', 'fork', 'vfork']);

/** Every syscall the tracer must see: the ones judged and the ones that attribute processes. */
export const TRACED_SYSCALLS = [...OPENS, ...CHANGES, ...EXECS, ...FORKS];

export interface LineVerdict {
  /** Whether the line's `bash -c` was seen starting (a line never seen was not traced). */
  started: boolean;
  /** What the line did that a plain read does not. */
  violations: string[];
  /** The argv of every program the line executed (the line's own bash excluded), in order. */
  execs: string[][];
}

/** Judge every line in one trace. Lines are identified by their index in the chunk. */
export function judgeTrace(events: Event[], lineCount: number, policy: Policy): LineVerdict[] {
  const verdicts: LineVerdict[] = Array.from({ length: lineCount }, () => ({
    started: false,
    violations: [],
    execs: [],
  }));
  const markerPattern = new RegExp(`"${escapeRegExp(policy.marker)}(\\d+)"\\]`);

  // Pass 1: who started which line, who cloned whom, what each process executed (a child's first events
  // can precede its parent's clone return in the output, so links are collected before anything is judged).
  const parent = new Map<number, { pid: number; at: number }>();
  const startedAt = new Map<number, { line: number; at: number }>();
  const execs = new Map<number, Array<{ at: number; name: string }>>();
  events.forEach((event, i) => {
    if (FORKS.has(event.name)) {
      const child = Number.parseInt(event.result, 10);
      if (child > 0) parent.set(child, { pid: event.pid, at: i });
    } else if (EXECS.has(event.name)) {
      if (/^0\b/.test(event.result)) {
        const list = execs.get(event.pid) ?? [];
        list.push({ at: i, name: basename(stringsIn(event.args)[0] ?? '') });
        execs.set(event.pid, list);
      }
      const marker = startedAt.has(event.pid) ? null : markerPattern.exec(event.args);
      if (marker) {
        const line = Number(marker[1]);
        if (line < lineCount) {
          startedAt.set(event.pid, { line, at: i });
          verdicts[line]!.started = true;
        }
      }
    }
  });
  const owners = new Map<number, number | null>();
  const owner = (pid: number): number | null => {
    const cached = owners.get(pid);
    if (cached !== undefined) return cached;
    owners.set(pid, null); // cycle guard
    const start = startedAt.get(pid);
    const up = parent.get(pid);
    const found = start ? start.line : up ? owner(up.pid) : null;
    owners.set(pid, found);
    return found;
  };
  /** The program pid was running at event `at`: its last exec before, else its parent's at the clone. */
  const programAt = (pid: number, at: number, depth = 0): string => {
    const own = execs
      .get(pid)
      ?.filter((e) => e.at <= at)
      .at(-1);
    if (own) return own.name;
    const up = parent.get(pid);
    return up && depth < 64 ? programAt(up.pid, up.at, depth + 1) : '';
  };

  // Pass 2: judge every event of every line.
  events.forEach((event, i) => {
    const line = owner(event.pid);
    if (line === null) return;
    const start = startedAt.get(event.pid);
    if (start && i < start.at) return; // the runner's side of the fork, before the line's bash started
    if (EXECS.has(event.name) && /^0\b/.test(event.result) && !(start && i === start.at))
      verdicts[line]!.execs.push(argvOf(event.args));
    const problem = judgeEvent(event, programAt(event.pid, i - 1), policy);
    if (problem) verdicts[line]!.violations.push(problem);
  });
  return verdicts;
}

function judgeEvent(event: Event, exe: string, policy: Policy): string | null {
  const paths = stringsIn(event.args);
  const first = paths[0] ?? '';
  const by = exe ? ` (by ${exe})` : '';
  if (EXECS.has(event.name)) {
    const name = basename(first);
    const dir = first.includes('/') ? first.slice(0, first.lastIndexOf('/')) || '/' : '';
    if (!policy.programs.has(name)) return `executes ${first}, which is not on the safe list${by}`;
    if (!SYSTEM_DIRS.has(dir) && !GIT_EXEC_PATH.test(dir))
      return `executes ${first}, outside the system directories${by}`;
    return null;
  }
  if (OPENS.has(event.name)) {
    const flags = withoutStrings(event.args);
    if (!WRITE_FLAGS.test(flags)) return null;
    if (WRITABLE_PSEUDO.test(first) || scratch(exe, first)) return null;
    return `${event.name} ${first} ${flagsOf(flags)}${by}`;
  }
  if (CHANGES.has(event.name)) {
    if ((event.name === 'unlink' || event.name === 'unlinkat') && scratch(exe, first)) return null;
    if (event.name.startsWith('rename') && paths.length === 2 && gitIndexSwap(exe, paths[0]!, paths[1]!))
      return null;
    return `${event.name}(${brief(event.args)})${by}`;
  }
  return null;
}

/** The scratch files named in the header comment. */
function scratch(exe: string, file: string): boolean {
  if (exe === 'git' && /(?:^|\/)\.git\/index\.lock$/.test(file)) return true;
  if (exe === 'sort' && /^\/tmp\/sort[A-Za-z0-9]{6}$/.test(file)) return true;
  if (['bash', 'sh', 'dash'].includes(exe) && /^\/tmp\/sh-thd[.\w-]*$/.test(file)) return true;
  return false;
}

function gitIndexSwap(exe: string, from: string, to: string): boolean {
  return exe === 'git' && /(?:^|\/)\.git\/index\.lock$/.test(from) && to === from.slice(0, -'.lock'.length);
}

function flagsOf(args: string): string {
  return /\bO_[A-Z_|]+/.exec(args)?.[0] ?? '';
}

function basename(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

function brief(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
