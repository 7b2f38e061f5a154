import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  type Stats,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin } from '../path-syntax.js';

/**
 * The changes the audit makes in a writable root (removing a `.git` link or a hook, renaming a config file
 * away, rewriting one without some settings), made so that no symbolic link redirects them. The command the
 * audit looks after may still be running (a service) and may swap a directory on the way for a link to
 * `/etc` or `~/.ssh` between the audit's look and its change: every directory from the root down is opened
 * without following links and the change is made through that descriptor (`/proc/self/fd/N/name`). A path
 * that is no longer a plain directory chain inside the root is left alone (false / undefined): the caller
 * reports it, and the next look (or the one at the end) tries again.
 */

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = constants;

/** Remove a file or link (never a directory) at `p`. */
export function unlinkInRoot(roots: readonly FileRoot[], p: string): boolean {
  return inParent(roots, p, (at) => {
    if (lstatSync(at).isDirectory()) return false;
    unlinkSync(at);
    return true;
  });
}

/** Rename `p` to `newName` in the same directory. */
export function renameInRoot(roots: readonly FileRoot[], p: string, newName: string): boolean {
  return inParent(roots, p, (at, dir) => {
    renameSync(at, `${dir}/${newName}`);
    return true;
  });
}

/**
 * Replace the regular file at `p` with an edited copy: `edit` gets its bytes (latin1) and returns the new
 * text, or undefined to leave it. The copy is made beside it (same owner and mode) and renamed over it, so a
 * second hard link to the file (which could be a file outside the roots) keeps its content. Returns what
 * `edit` returned, or undefined when nothing was replaced (a file over `maxBytes`, not a regular file, or
 * replaced while it was being edited).
 */
export function rewriteInRoot<T>(
  roots: readonly FileRoot[],
  p: string,
  maxBytes: number,
  edit: (text: string) => { text: string; value: T } | undefined,
): T | undefined {
  let out: T | undefined;
  inParent(roots, p, (at, dir) => {
    const read = readRegular(at, maxBytes);
    if (!read) return false;
    const edited = edit(read.text);
    if (!edited) return false;
    const temp = `${dir}/.handrail-${randomBytes(6).toString('hex')}.tmp`;
    const fd = openSync(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    let open = true;
    let renamed = false;
    try {
      const bytes = Buffer.from(edited.text, 'latin1');
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      if (process.geteuid?.() === 0) fchownSync(fd, read.stat.uid, read.stat.gid);
      fchmodSync(fd, read.stat.mode & 0o7777);
      closeSync(fd);
      open = false;
      // Still the file that was read: otherwise what was edited is not what is there.
      const now = lstatSync(at);
      if (now.ino !== read.stat.ino || now.dev !== read.stat.dev) return false;
      renameSync(temp, at);
      renamed = true;
      out = edited.value;
      return true;
    } finally {
      if (open) closeSync(fd);
      if (!renamed) rmSync(temp, { force: true });
    }
  });
  return out;
}

/** A regular file's bytes as latin1 and its stat, read through no link; undefined when it is none. */
function readRegular(at: string, maxBytes: number): { text: string; stat: Stats } | undefined {
  const fd = openSync(at, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > maxBytes) return undefined;
    return { text: buffer.subarray(0, length).toString('latin1'), stat };
  } finally {
    closeSync(fd);
  }
}

/**
 * Run `change` with `p`'s name inside its parent directory, reached from the outermost writable root that
 * holds it one directory at a time without following links. False when that walk fails or `change` throws.
 */
function inParent(
  roots: readonly FileRoot[],
  p: string,
  change: (at: string, dir: string) => boolean,
): boolean {
  const root = outermostWritable(roots, p);
  if (!root || p === root || process.platform !== 'linux') return false;
  const names = path.relative(root, path.dirname(p)).split('/').filter(Boolean);
  if (names.includes('..')) return false;
  let fd: number;
  try {
    // The root is canonical and no command can change what lies above it.
    fd = openSync(root, O_RDONLY | O_DIRECTORY);
  } catch {
    return false;
  }
  try {
    for (const name of names) {
      const next = openSync(`/proc/self/fd/${fd}/${name}`, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
      closeSync(fd);
      fd = next;
    }
    const dir = `/proc/self/fd/${fd}`;
    return change(`${dir}/${path.basename(p)}`, dir);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The outermost writable root holding `p` (a writable root nested in another could be moved by it). */
function outermostWritable(roots: readonly FileRoot[], p: string): string | undefined {
  let best: string | undefined;
  for (const root of roots) {
    if (root.access !== 'write' || !isWithin(p, root.path)) continue;
    if (!best || root.path.length < best.length) best = root.path;
  }
  return best;
}
