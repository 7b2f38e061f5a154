import { mkdirSync, rmdirSync } from 'node:fs';

/**
 * Empty read-only directories that stand in for protected names that do not exist yet (`.envrc`,
 * `.npmrc`, `.vscode`, …) at the top of a writable root, so a sandboxed command cannot create them. bwrap
 * needs a mount point on the host to bind over, and only handrail may create it: the command's uid may not
 * be allowed to. Directories, not files, because git does not list empty directories and npm and yarn skip
 * a config "file" that is a directory, so `git status` stays clean while they exist.
 *
 * Shared by concurrent commands (counted). When the last one ends a placeholder lingers briefly before it is
 * removed (and only while still empty): agents run commands in bursts, and a dozen mkdirs and rmdirs per
 * command cost milliseconds on an overlay file system. Lingering ones are removed at process exit too.
 * Synchronous on purpose: no other command can interleave between the check and the mkdir.
 */
interface Held {
  count: number;
  /** Set while nobody holds it: removes it unless a command takes it first. */
  timer?: NodeJS.Timeout;
}

const held = new Map<string, Held>();
const LINGER_MS = 1_000;

/** Whether a path is a placeholder handrail made (held or lingering): a scan must not mistake it for a file. */
export function isPlaceholder(path: string): boolean {
  return held.has(path);
}

/**
 * Create (or share) a placeholder. False when the path exists for real (something created it since it
 * was found missing): the caller then binds it read-only like any protected path.
 */
export function acquirePlaceholder(path: string): boolean {
  const entry = held.get(path);
  if (entry) {
    if (entry.timer) clearTimeout(entry.timer);
    delete entry.timer;
    entry.count++;
    return true;
  }
  try {
    mkdirSync(path, { mode: 0o555 });
  } catch {
    return false;
  }
  held.set(path, { count: 1 });
  return true;
}

export function releasePlaceholder(path: string): void {
  const entry = held.get(path);
  if (!entry) return;
  entry.count--;
  if (entry.count > 0) return;
  entry.timer = setTimeout(() => remove(path), LINGER_MS);
  entry.timer.unref();
}

/** Remove every placeholder nobody holds now (tests, and the process-exit hook). */
export function removeIdlePlaceholders(): void {
  for (const [path, entry] of held) if (entry.count === 0) remove(path);
}

function remove(path: string): void {
  const entry = held.get(path);
  if (!entry || entry.count > 0) return;
  if (entry.timer) clearTimeout(entry.timer);
  held.delete(path);
  // rmdir removes only an empty directory: whatever the host put in it meanwhile stays.
  try {
    rmdirSync(path);
  } catch {
    // not empty, or gone
  }
}

process.once('exit', removeIdlePlaceholders);
