// Killing what a session leader started: its process group and, since every session command is started as
// a session leader (setsid), the whole terminal session — job-control subgroups included.
import { readdirSync, readFileSync } from 'node:fs';

export const DEFAULT_GRACE_MS = 2000;
const POLL_MS = 20;
const MAX_KILL_ROUNDS = 100;

/** Live (non-zombie) processes whose process group or session is `leader`; null where /proc is missing. */
export function groupMembers(leader: number): number[] | null {
  if (leader <= 0) return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const members: number[] = [];
  for (const name of entries) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue; // exited while we looked
    }
    // Fields after the parenthesised command name: state ppid pgrp session ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') continue;
    if (Number(fields[2]) === leader || Number(fields[3]) === leader) members.push(Number(name));
  }
  return members;
}

/** Sends `sig` to the group and to every session member outside it; false when nothing was there. */
export function signalGroup(leader: number, sig: NodeJS.Signals): boolean {
  if (leader <= 0) return false;
  let reached = send(-leader, sig);
  for (const pid of groupMembers(leader) ?? []) if (pid !== process.pid && send(pid, sig)) reached = true;
  return reached;
}

/** Whether anything of the group (or the leader itself) is still alive. */
export function groupAlive(leader: number): boolean {
  if (leader <= 0) return false;
  const members = groupMembers(leader);
  // Without /proc, ask the kernel about the group directly (zombies count there).
  return members ? members.length > 0 : send(-leader, 0);
}

/**
 * SIGTERM to everything of the group, up to `graceMs` for it to go, then SIGKILL until nothing is left.
 * Resolves when the group is empty (zombies aside: their parents reap them).
 */
export async function killGroup(leader: number, graceMs = DEFAULT_GRACE_MS): Promise<void> {
  if (!groupAlive(leader)) return;
  if (graceMs > 0 && signalGroup(leader, 'SIGTERM')) {
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && groupAlive(leader)) await sleep(POLL_MS);
  }
  for (let round = 0; round < MAX_KILL_ROUNDS && groupAlive(leader); round++) {
    signalGroup(leader, 'SIGKILL');
    await sleep(POLL_MS);
  }
}

function send(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
