// The process table as tests check it: read straight from /proc (no code under test involved), so processes
// inside sandboxes are seen too, by their host pids. Zombies are left out: they hold nothing.
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessRow {
  pid: number;
  pgid: number;
  sid: number;
  /** One letter: R, S, D, Z, … */
  state: string;
  /** The arguments joined by spaces. */
  cmdline: string;
}

function processTable(): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fields after the command name, which is in parentheses and may itself hold spaces or parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const [state, , pgid, sid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').join(' ').trim();
      rows.push({ pid: Number(name), pgid: Number(pgid), sid: Number(sid), state: state ?? '', cmdline });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return rows;
}

/** Live processes (this one aside) whose command line contains `needle`. */
export function processesRunning(needle: string): Array<{ pid: number; cmdline: string }> {
  return processTable()
    .filter((p) => p.state !== 'Z' && p.pid !== process.pid && p.cmdline.includes(needle))
    .map(({ pid, cmdline }) => ({ pid, cmdline }));
}

/** Whether a process is alive (and not a zombie). */
export function alive(pid: number): boolean {
  return processTable().some((p) => p.pid === pid && p.state !== 'Z');
}

/** Live processes in the process group or session led by `leader`. */
export function survivors(leader: number): number[] {
  return processTable()
    .filter((p) => (p.pgid === leader || p.sid === leader) && p.state !== 'Z')
    .map((p) => p.pid);
}

/** A sleep duration no other test or process uses, to find its processes in the table. */
export function uniqueSleep(): string {
  return String(100_000 + Math.floor(Math.random() * 800_000));
}

/** Wait (bounded) for a condition the kernel settles asynchronously, such as a reaped process. */
export async function eventually(check: () => boolean, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
