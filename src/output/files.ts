// File mechanics for OutputStore: safe names, atomic no-replace writes, size caps, what is on disk.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, link, lstat, mkdir, open, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type PinnedDir, pinDir } from '../sandbox/index.js';
import { formatBytes } from './project.js';

/** A saved file and its size, as the store tracks it. */
export interface FileEntry {
  path: string;
  bytes: number;
}

const MAX_ID = 100;
// Platforms without hard links (some network and FUSE file systems) fall back to check-then-rename.
const NO_LINK = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** Restricts an id to a safe file name: `[A-Za-z0-9._-]`, at most 100 chars, no leading dot. */
export function safeId(id: string): string {
  // No leading dot: that rules out `.`, `..`, hidden files, `.gitignore` and our temp names.
  const safe = id
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, MAX_ID)
    .replace(/^\./, '_');
  return safe === '' ? '_' : safe;
}

/** The text to store, cut to `maxBytes` with a final line saying how much was dropped. */
export function capped(text: string, maxBytes: number): string | Buffer {
  const total = Buffer.byteLength(text);
  if (total <= maxBytes) return text;
  const note = (dropped: number) =>
    `\n[... ${dropped.toLocaleString('en-US')} bytes (${formatBytes(dropped)}) dropped: output exceeded the ` +
    `${formatBytes(maxBytes)} storage limit ...]\n`;
  // Size the note for the worst case, then cut the text on a UTF-8 character boundary.
  const budget = Math.max(0, maxBytes - Buffer.byteLength(note(total)));
  const head = Buffer.from(text.slice(0, budget));
  let cut = Math.min(budget, head.length);
  while (cut > 0 && cut < head.length && isContinuation(head[cut]!)) cut--;
  return Buffer.concat([head.subarray(0, cut), Buffer.from(note(total - cut))]);
}

/**
 * Writes `data` to `<store>/<turn>/<base>.txt`, or `<base>-2.txt` and so on if taken; atomic and never
 * replacing. Returns the file's name. `store` is the store's real path: it and the turn folder are held open
 * and confirmed to be where they should be, and every name is created inside them, so a folder swapped for a
 * symbolic link meanwhile cannot carry the output (or its temp file) anywhere else.
 */
export async function writeNew(
  store: string,
  turn: string,
  base: string,
  data: string | Buffer,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await writeInTurn(store, turn, base, data);
    } catch (err) {
      // A concurrent prune removed the emptied turn folder between our mkdir and our write: make it again.
      if (errorCode(err) !== 'ENOENT' || attempt >= 2) throw err;
    }
  }
}

async function writeInTurn(
  store: string,
  turn: string,
  base: string,
  data: string | Buffer,
): Promise<string> {
  const root = await pinDir(store);
  let dir: PinnedDir | undefined;
  let temp: string | undefined;
  try {
    await mkdir(root.at(turn), { mode: 0o700 }).catch(ignore('EEXIST'));
    dir = await pinDir(path.join(store, turn), root.at(turn));
    const tempName = `.${base}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(
      dir.at(tempName),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    temp = dir.at(tempName);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${base}.txt` : `${base}-${n}.txt`;
      try {
        // link() is a rename that fails instead of replacing, which makes the name claim atomic.
        await link(temp, dir.at(name));
        return name;
      } catch (err) {
        const code = errorCode(err);
        if (code === 'EEXIST') continue;
        if (!NO_LINK.has(code ?? '')) throw err;
        if (await exists(dir.at(name))) continue;
        await rename(temp, dir.at(name));
        return name;
      }
    }
  } finally {
    if (temp) await unlink(temp).catch(ignore('ENOENT'));
    await dir?.close().catch(() => undefined);
    await root.close().catch(() => undefined);
  }
}

/**
 * Removes `<store>/<turn>/<name>` through the held-open store and turn folder (never through a link put in
 * their place), then the turn folder if that left it empty.
 */
export async function removeSaved(store: string, turn: string, name: string): Promise<void> {
  const root = await pinDir(store);
  try {
    let dir: PinnedDir;
    try {
      dir = await pinDir(path.join(store, turn), root.at(turn));
    } catch {
      return; // gone, or no longer a folder of ours: nothing of ours to remove there
    }
    try {
      await unlink(dir.at(name)).catch(ignore('ENOENT'));
    } finally {
      await dir.close().catch(() => undefined);
    }
    // Fails harmlessly while the folder still has files, or when a link now stands there.
    await rmdir(root.at(turn)).catch(() => undefined);
  } finally {
    await root.close().catch(() => undefined);
  }
}

/**
 * Opens `<store>/<names…>` for reading: each folder on the way held open inside the one before without
 * following links, the file itself O_NOFOLLOW (a link: ELOOP) and O_NONBLOCK (a planted FIFO cannot hang us).
 */
export async function openSaved(store: string, names: string[]): Promise<FileHandle> {
  let dir = await pinDir(store);
  try {
    for (const name of names.slice(0, -1)) {
      const next = await pinDir(path.join(dir.path, name), dir.at(name));
      await dir.close().catch(() => undefined);
      dir = next;
    }
    return await open(
      dir.at(names[names.length - 1]!),
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
  } finally {
    await dir.close().catch(() => undefined);
  }
}

/** Saved outputs already on disk (`<dir>/<turn>/<call>.txt`), for pruning across runs. */
export async function inventory(dir: string): Promise<Array<FileEntry & { mtimeMs: number }>> {
  const found: Array<FileEntry & { mtimeMs: number }> = [];
  for (const turn of await readdir(dir, { withFileTypes: true })) {
    if (!turn.isDirectory()) continue;
    const turnDir = path.join(dir, turn.name);
    const files = await readdir(turnDir, { withFileTypes: true }).catch(() => []);
    const stats = await Promise.all(
      files
        .filter((f) => f.isFile() && f.name.endsWith('.txt') && !f.name.startsWith('.'))
        .map(async (f) => {
          const file = path.join(turnDir, f.name);
          const stat = await lstat(file).catch(() => undefined);
          return stat?.isFile() ? { path: file, bytes: stat.size, mtimeMs: stat.mtimeMs } : undefined;
        }),
    );
    for (const s of stats) if (s) found.push(s);
  }
  return found;
}

/** Whether anything (even a dangling link) is at `file`. */
async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/** Whether a byte continues a UTF-8 sequence rather than starting a character. */
export function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** The `code` of a Node system error, if any. */
export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

/** A catch handler that swallows one error code and rethrows the rest. */
export function ignore(code: string): (err: unknown) => void {
  return (err) => {
    if (errorCode(err) !== code) throw err;
  };
}
