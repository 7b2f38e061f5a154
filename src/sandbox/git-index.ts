// What a git index records: every path it tracks, with its mode. The gitlinks among them are where a repository
// records a submodule or an embedded repository: `git status`, `git diff --submodule=diff` and their kin run
// git inside each one that is checked out, with that repository's own configuration, so a `safe` git line is
// only as safe as those repositories too. The tracked paths are what git can print from its object store, so
// a repository that tracks a path the turn may not read can show it through git (see gitCommandHazards).
// Reads the index format git writes (versions 2, 3 and 4, SHA-1 or SHA-256 ids) without a subprocess.
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';

/** Largest index read (a repository of a million files has an index of about 100 MiB). */
export const MAX_INDEX_BYTES = 256 * 1024 * 1024;
/** Split-index shared files read besides the index itself. */
const MAX_SHARED_INDEXES = 8;

export const GITLINK = 0o160000;
/** A sparse index's directory entry: the paths below it are in a tree object, not listed. */
export const SPARSE_DIRECTORY = 0o040000;
export const TYPE_MASK = 0o170000;
/** Bytes before an entry's id: ctime, mtime, dev, ino, mode, uid, gid, size (32-bit each, ctime and mtime twice). */
const STAT_BYTES = 40;
const EXTENDED = 0x4000;

export interface Gitlinks {
  /** Paths (relative to the work tree) of the gitlink entries. */
  paths: string[];
  /** Why the index could not be read completely; the paths found so far are kept. */
  problem?: string;
}

/**
 * The gitlink paths in a git directory's index, and in the shared index files a split index keeps beside it
 * (`sharedindex.<id>`, read whichever one the index names). No index: no paths.
 */
export function indexGitlinks(gitDir: string, hashBytes: 20 | 32 = 20): Gitlinks {
  const paths: string[] = [];
  const scan = scanIndex(gitDir, hashBytes, (name, mode) => {
    if ((mode & TYPE_MASK) === GITLINK) paths.push(name);
    return false;
  });
  const out: Gitlinks = { paths: [...new Set(paths)] };
  if (scan.problem) out.problem = scan.problem;
  return out;
}

/** Told each index entry (path relative to the work tree, and mode); true stops the scan. */
export type IndexVisitor = (name: string, mode: number) => boolean | undefined;

/**
 * Every entry of a git directory's index and of the shared index files a split index keeps beside it (an
 * entry a split index has since dropped may be told too). No index: nothing. `problem` says why the scan did
 * not see every entry; `stopped` that the visitor ended it.
 */
export function scanIndex(
  gitDir: string,
  hashBytes: 20 | 32,
  visit: IndexVisitor,
): { problem?: string; stopped?: true } {
  const files = [path.join(gitDir, 'index')];
  try {
    const shared = readdirSync(gitDir).filter((name) => /^sharedindex\.[0-9a-f]+$/.test(name));
    if (shared.length > MAX_SHARED_INDEXES) return { problem: 'too many shared index files' };
    files.push(...shared.map((name) => path.join(gitDir, name)));
  } catch {
    // no git directory to list: the index read below says so
  }
  for (const file of files) {
    const read = readIndex(file);
    if (read === undefined) continue;
    if (typeof read === 'string') return { problem: `${file}: ${read}` };
    const parsed = parseIndex(read, hashBytes, visit);
    if (parsed.problem) return { problem: `${file}: ${parsed.problem}` };
    if (parsed.stopped) return { stopped: true };
  }
  return {};
}

/** The index's bytes; undefined when there is none; a string when it cannot be read. */
function readIndex(file: string): Buffer | string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'it cannot be read';
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return 'it is not a regular file';
    if (stat.size > MAX_INDEX_BYTES) return `larger than ${MAX_INDEX_BYTES} bytes`;
    const buffer = Buffer.alloc(stat.size);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } catch {
    return 'it cannot be read';
  } finally {
    closeSync(fd);
  }
}

/** The entries of one index file, told to `visit` (git's read-cache.c: header, entries; extensions are not needed). */
export function parseIndex(
  buf: Buffer,
  hashBytes: 20 | 32,
  visit: IndexVisitor,
): { problem?: string; stopped?: true } {
  const fail = (problem: string) => ({ problem });
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'DIRC') return fail('not a git index');
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return fail(`index version ${version} is not one handrail reads`);
  const count = buf.readUInt32BE(8);
  let pos = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let n = 0; n < count; n++) {
    const flagsAt = pos + STAT_BYTES + hashBytes;
    if (flagsAt + 2 > buf.length) return fail('it ends inside an entry');
    const mode = buf.readUInt32BE(pos + 24);
    const flags = buf.readUInt16BE(flagsAt);
    let nameAt = flagsAt + 2;
    if (version >= 3 && flags & EXTENDED) nameAt += 2;
    let name: Buffer;
    if (version === 4) {
      // Each name drops the last `strip` bytes of the one before and adds the bytes up to a NUL.
      const varint = readVarint(buf, nameAt);
      if (!varint || varint.value > previous.length) return fail('an entry name cannot be read');
      const end = buf.indexOf(0, varint.next);
      if (end < 0) return fail('an entry name cannot be read');
      name = Buffer.concat([
        previous.subarray(0, previous.length - varint.value),
        buf.subarray(varint.next, end),
      ]);
      pos = end + 1;
    } else {
      const end = buf.indexOf(0, nameAt);
      if (end < 0) return fail('an entry name cannot be read');
      name = buf.subarray(nameAt, end);
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      pos += (nameAt - pos + name.length + 8) & ~7;
    }
    previous = name;
    if (visit(name.toString('utf8'), mode) === true) return { stopped: true };
  }
  return {};
}

/** git's offset varint (varint.c): 7 bits a byte, each continuation adding one before the shift. */
function readVarint(buf: Buffer, at: number): { value: number; next: number } | undefined {
  let i = at;
  if (i >= buf.length) return undefined;
  let c = buf[i++]!;
  let value = c & 127;
  while (c & 128) {
    if (i >= buf.length || value > 2 ** 40) return undefined;
    c = buf[i++]!;
    value = (value + 1) * 128 + (c & 127);
  }
  return { value, next: i };
}
