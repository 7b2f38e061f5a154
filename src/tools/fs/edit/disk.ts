import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../../core/index.js';
import {
  type AtomicWriteResult,
  type FileAllowed,
  FileRaceError,
  type FileVersions,
  readVerified,
  writeAtomic,
} from '../../../sandbox/index.js';
import { type FileCapabilities, mustWrite } from '../../shared/file-checks.js';

// The disk side shared by write_file and edit_file: one writer per file at a time, a fresh check under
// the lock, refusal of files that changed behind the turn's back, and races reported as conflicts.

const REREAD = 'Read the file again, then redo the change against its current content.';

/**
 * Run `fn` holding the file's lock, with a check made under the lock: an edit that waited for another
 * sees the file that edit wrote (a new inode after the atomic rename), not the one it saw before waiting.
 */
export async function withWriteLock<T>(
  caps: FileCapabilities,
  requested: string,
  fn: (check: FileAllowed) => Promise<T>,
): Promise<T> {
  const first = await mustWrite(caps.files, requested);
  return caps.fileLocks.withLock(first.path, async () => {
    const check = await mustWrite(caps.files, requested);
    if (check.path !== first.path) {
      throw new ToolError(
        'conflict',
        `${first.display} now resolves to ${check.display}: a link on the way changed while waiting to write.`,
        {
          hint: REREAD,
        },
      );
    }
    return fn(check);
  });
}

/** Refuse a file the turn has seen that changed on disk since (another process, the user, another turn). */
export function refuseIfChanged(versions: FileVersions, check: FileAllowed, now: Stats | undefined): void {
  const change = versions.changedSince(check.path, now);
  if (change) {
    throw new ToolError(
      'conflict',
      `${check.display} changed on disk since this turn last read or wrote it (${change}). ${REREAD}`,
      {
        hint: REREAD,
      },
    );
  }
}

/** Read a checked file whole, with size and race failures as messages the model can act on. */
export async function readChecked(
  check: FileAllowed,
  maxBytes: number,
  verb: string,
): Promise<{ data: Buffer; stat: Stats }> {
  try {
    return await readVerified(check, maxBytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EFBIG') {
      throw new ToolError(
        'io_error',
        `Cannot ${verb} ${check.display}: it is ${check.stat?.size ?? 'over'} bytes, and ${verb} handles files up to ${maxBytes / (1024 * 1024)} MiB.`,
        {
          hint: 'Change a file this large another way (for example a streaming command).',
        },
      );
    }
    throw asConflict(error);
  }
}

/** writeAtomic with a swap or a concurrent change reported as a conflict, the file left as it was. */
export async function writeChecked(
  check: FileAllowed,
  data: Buffer | string,
  opts: { expect?: Stats; createParents?: boolean },
): Promise<AtomicWriteResult> {
  try {
    return await writeAtomic(check, data, opts);
  } catch (error) {
    throw asConflict(error);
  }
}

/**
 * For a file about to be created: a message when an existing ancestor directory is really a file (the
 * write would fail halfway through creating parents), else undefined.
 */
export async function parentProblem(check: FileAllowed): Promise<string | undefined> {
  for (let dir = path.dirname(check.path); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const stat = await fs.lstat(dir).catch(() => undefined);
    if (!stat) continue;
    if (stat.isDirectory()) return undefined;
    // The check resolved links on the way, so a link here appeared since (a folder swapped meanwhile).
    if (stat.isSymbolicLink())
      return `Cannot create ${check.display}: ${dir} became a symbolic link after the path was checked; nothing was written.`;
    return `Cannot create ${check.display}: ${dir} is a file, not a directory.`;
  }
  return undefined;
}

function asConflict(error: unknown): unknown {
  if (!(error instanceof FileRaceError)) return error;
  return new ToolError('conflict', `${error.message} Nothing was written. ${REREAD}`, {
    hint: REREAD,
    cause: error,
  });
}
