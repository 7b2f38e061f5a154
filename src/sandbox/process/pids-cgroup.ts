// A per-command pids cgroup: the process limit that holds whatever uid a command runs as. RLIMIT_NPROC does
// not bind real uid 0 (the kernel exempts it), so a command that runs as root inside a user namespace is
// bounded only by a cgroup. handrail (as root) creates `<its cgroup>/handrail-<pid>/<run id>` with
// `pids.max`, the command joins it before bwrap starts, and it is removed once the command has ended.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { findExecutable } from './executables.js';

export type PidsCgroupSupport =
  | { ok: true; version: 1 | 2; parent: string; sh: string }
  | { ok: false; reason: string };

let support: PidsCgroupSupport | undefined;
const pending = new Set<string>();

/**
 * Whether handrail can give each command a pids cgroup, and where. Worked out once per process: the cgroup
 * handrail runs in (cgroup v1 `pids` hierarchy, or cgroup v2 with the `pids` controller delegated to it)
 * gets a `handrail-<pid>` child that holds one cgroup per running command.
 */
export function pidsCgroupSupport(): PidsCgroupSupport {
  support ??= detect();
  return support;
}

function detect(): PidsCgroupSupport {
  if (process.platform !== 'linux') return { ok: false, reason: 'cgroups need Linux' };
  if (process.geteuid?.() !== 0) return { ok: false, reason: 'handrail is not root' };
  const sh = findExecutable('sh');
  if (!sh) return { ok: false, reason: 'no sh in the system directories' };
  let mountinfo: string;
  let own: string;
  try {
    mountinfo = readFileSync('/proc/self/mountinfo', 'utf8');
    own = readFileSync('/proc/self/cgroup', 'utf8');
  } catch {
    return { ok: false, reason: '/proc/self/mountinfo or /proc/self/cgroup cannot be read' };
  }
  const mounts = mountinfo
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [left = '', right = ''] = line.split(' - ');
      const fields = left.split(' ');
      const [fstype = '', , superOptions = ''] = right.split(' ');
      return { root: fields[3] ?? '/', point: unescapeMount(fields[4] ?? ''), fstype, superOptions };
    });
  const lines = own.split('\n').map((line) => line.split(':'));
  const v1 = mounts.find((m) => m.fstype === 'cgroup' && m.superOptions.split(',').includes('pids'));
  const v1Path = lines.find((l) => l[1]?.split(',').includes('pids'))?.[2];
  let base: string | undefined;
  let version: 1 | 2 = 1;
  if (v1 && v1Path !== undefined) {
    base = path.join(v1.point, relativeTo(v1Path, v1.root));
  } else {
    const v2 = mounts.find((m) => m.fstype === 'cgroup2');
    const v2Path = lines.find((l) => l[0] === '0' && l[1] === '')?.[2];
    if (!v2 || v2Path === undefined) return { ok: false, reason: 'no pids cgroup is mounted' };
    version = 2;
    base = path.join(v2.point, relativeTo(v2Path, v2.root));
    if (!readOr(path.join(base, 'cgroup.controllers')).split(/\s+/).includes('pids')) {
      return { ok: false, reason: `the pids controller is not available in ${base} (cgroup v2)` };
    }
    if (!enablePids(base)) {
      return {
        ok: false,
        reason: `the pids controller cannot be enabled for the children of ${base} (cgroup v2 allows it only in a cgroup without processes of its own)`,
      };
    }
  }
  sweepStale(base);
  const parent = path.join(base, `handrail-${process.pid}`);
  try {
    mkdirSync(parent, { recursive: true });
    if (version === 2 && !enablePids(parent)) throw new Error('cannot enable pids');
    // Probe: a child with a limit, then gone.
    const probe = path.join(parent, 'probe');
    mkdirSync(probe);
    writeFileSync(path.join(probe, 'pids.max'), '1');
    rmdirSync(probe);
  } catch (error) {
    try {
      rmdirSync(parent);
    } catch {
      // not created, or not empty
    }
    return { ok: false, reason: `cannot create a pids cgroup in ${base}: ${(error as Error).message}` };
  }
  process.once('exit', () => {
    for (const dir of [...pending, parent]) {
      try {
        rmdirSync(dir);
      } catch {
        // still busy, or gone: the next handrail sweeps it
      }
    }
  });
  return { ok: true, version, parent, sh };
}

/** One command's cgroup: the file the command writes itself into, and its removal. */
export interface PidsCgroup {
  /** The `cgroup.procs` file the command joins (see `joinArgs`). */
  procs: string;
  /**
   * Kill what is left in it and remove it (an empty one the kernel still holds goes in the background);
   * returns a note when the command reached the limit.
   */
  remove(): Promise<string | undefined>;
}

/**
 * Create the cgroup of one command, or say why not. Without `max` it holds the command's processes without
 * limiting them (the `none` backend: so that what the command leaves behind can be found and killed).
 */
export function createPidsCgroup(runId: string, max?: number): PidsCgroup | { reason: string } {
  const found = pidsCgroupSupport();
  if (!found.ok) return { reason: found.reason };
  // Those of earlier commands the kernel had not released yet (tryRemove forgets them once gone).
  for (const dir of pending) tryRemove(dir);
  const dir = path.join(found.parent, runId);
  try {
    mkdirSync(dir);
    if (max !== undefined) writeFileSync(path.join(dir, 'pids.max'), String(max));
  } catch (error) {
    try {
      rmdirSync(dir);
    } catch {
      // not created
    }
    return { reason: `cannot create the command's pids cgroup: ${(error as Error).message}` };
  }
  let removed: Promise<string | undefined> | undefined;
  return {
    procs: path.join(dir, 'cgroup.procs'),
    remove() {
      removed ??= removeCgroup(dir, max);
      return removed;
    },
  };
}

/**
 * A host `sh` in front of the command that moves itself into the cgroup (writing 0 to cgroup.procs moves
 * the writer), then execs the rest: everything the command starts is inside before bwrap runs. If the move
 * fails the command does not run.
 */
export function joinArgs(sh: string, procs: string): string[] {
  return [
    sh,
    '-c',
    'echo 0 > "$1" || { echo "handrail: cannot join the process-limit cgroup $1" >&2; exit 126; }; shift; exec "$@"',
    'handrail-join',
    procs,
  ];
}

async function removeCgroup(dir: string, max: number | undefined): Promise<string | undefined> {
  const events = readOr(path.join(dir, 'pids.events'));
  const hits = Number(/^max (\d+)/m.exec(events)?.[1] ?? 0);
  const note =
    hits > 0 && max !== undefined
      ? `The command reached the process limit (${max} processes): ${hits} of its attempts to start another process failed.`
      : undefined;
  if (tryRemove(dir)) return note;
  // Still populated. What is left (nothing, normally: bwrap's PID namespace took it) is killed before the
  // command counts as ended; an empty cgroup the kernel has not released yet is removed in the background,
  // so the result does not wait for it.
  if (killMembers(dir) === 0) {
    pending.add(dir);
    void removeLater(dir);
    return note;
  }
  // Killed processes leave within a millisecond or two: look again soon, then every 20 ms (a second in all).
  for (let attempt = 0; attempt < 55; attempt++) {
    await sleep(Math.min(2 ** attempt, 20));
    if (tryRemove(dir)) return note;
    killMembers(dir);
  }
  pending.add(dir);
  return note;
}

/** rmdir; true once the cgroup is gone. */
function tryRemove(dir: string): boolean {
  try {
    rmdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
  }
  pending.delete(dir);
  return true;
}

/** SIGKILL every process still in the cgroup; returns how many there were. */
function killMembers(dir: string): number {
  const pids = readOr(path.join(dir, 'cgroup.procs')).split('\n').filter(Boolean);
  if (pids.length === 0) return 0;
  // cgroup v2 (Linux 5.14+) kills them all at once, those being forked too; elsewhere one by one.
  try {
    writeFileSync(path.join(dir, 'cgroup.kill'), '1');
  } catch {
    // no cgroup.kill here
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone
    }
  }
  return pids.length;
}

/** Retry an empty cgroup's removal for a second, off the command's path (then the next command, or exit). */
async function removeLater(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 55; attempt++) {
    await sleep(Math.min(2 ** attempt, 20), true);
    if (tryRemove(dir)) return;
    killMembers(dir);
  }
}

function sleep(ms: number, unref = false): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });
}

/** Remove the cgroups of handrail processes that are gone. */
function sweepStale(base: string): void {
  let names: string[];
  try {
    names = readdirSync(base).filter((name) => /^handrail-\d+$/.test(name));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice('handrail-'.length));
    if (pid === process.pid || existsSync(`/proc/${pid}`)) continue;
    const dir = path.join(base, name);
    try {
      for (const child of readdirSync(dir)) {
        const sub = path.join(dir, child);
        if (statSync(sub).isDirectory()) rmdirSync(sub);
      }
      rmdirSync(dir);
    } catch {
      // busy or not ours to remove
    }
  }
}

function enablePids(dir: string): boolean {
  const control = path.join(dir, 'cgroup.subtree_control');
  if (readOr(control).split(/\s+/).includes('pids')) return true;
  try {
    writeFileSync(control, '+pids');
    return true;
  } catch {
    return false;
  }
}

function relativeTo(cgroupPath: string, mountRoot: string): string {
  if (mountRoot === '/' || !cgroupPath.startsWith(mountRoot)) return cgroupPath;
  return cgroupPath.slice(mountRoot.length) || '/';
}

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** mountinfo escapes spaces, tabs, newlines and backslashes as octal. */
function unescapeMount(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}
