import { mkdirSync, rmdirSync } from 'node:fs';

/**
 * Empty read-only directories that stand in for protected names that do not exist yet (`.envrc`,
 * `.npmrc`, `.git`, …) at the top of a writable root, so a sandboxed command cannot create them. bwrap
 * needs a mount point on the host to bind over, and only handrail may create it: the command's uid may not
 * be allowed to. Directories, not files, because git does not list empty directories and npm, git and
 * yarn skip a config "file" that is a directory, so `git status` stays clean while they exist.
 *
 * Shared by concurrent commands (counted), removed when the last one ends, and only while still empty.
 * Synchronous on purpose: a mkdir or rmdir takes microseconds, and no other command can interleave.
 */
const held = new Map<string, number>();

/** Whether a path is a placeholder some running command holds (a scan must not mistake it for a file). */
export function isPlaceholder(path: string): boolean {
  return held.has(path);
}

/**
 * Create (or share) a placeholder. False when the path exists for real (something created it since it
 * was found missing): the caller then binds it read-only like any protected path.
 */
export function acquirePlaceholder(path: string): boolean {
  const count = held.get(path);
  if (count !== undefined) {
    held.set(path, count + 1);
    return true;
  }
  try {
    mkdirSync(path, { mode: 0o555 });
  } catch {
    return false;
  }
  held.set(path, 1);
  return true;
}

export function releasePlaceholder(path: string): void {
  const count = held.get(path);
  if (count === undefined) return;
  if (count > 1) {
    held.set(path, count - 1);
    return;
  }
  held.delete(path);
  // rmdir removes only an empty directory: whatever the host put in it meanwhile stays.
  try {
    rmdirSync(path);
  } catch {
    // not empty, or gone
  }
}
