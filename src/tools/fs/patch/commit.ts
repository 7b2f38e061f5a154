import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { classifyThrown, ToolError } from '../../../core/index.js';
import {
  type AtomicWriteResult,
  assertRemovable,
  type FileAllowed,
  FileRaceError,
  removeVerified,
  sameVersion,
  writeAtomic,
} from '../../../sandbox/index.js';
import type { PlannedChange } from './plan.js';

/** The disk operations a commit uses; tests swap them to make a write fail midway. */
export interface CommitIo {
  write(
    check: FileAllowed,
    data: Buffer,
    opts: { expect?: Stats; createParents?: boolean; like?: Stats },
  ): Promise<AtomicWriteResult>;
  /** `created`: the file is one this commit wrote (an undo), so its own mode does not stop its removal. */
  remove(check: FileAllowed, opts?: { created?: boolean }): Promise<void>;
}

const safeIo: CommitIo = { write: writeAtomic, remove: removeVerified };

/** What a committed file became: its new stat, or undefined when it was deleted. */
export interface Committed {
  canonical: string;
  stat?: Stats;
}

interface Undo {
  given: string;
  run(): Promise<void>;
}

/**
 * Write every planned change (atomic writes that abort if the file changed since it was read, verified
 * deletes). If one fails, undo the ones already made, newest first — original bytes back, created files
 * and directories removed, deleted files re-created with their mode and owner — so the patch leaves no
 * trace. Writes go before deletes, so a move whose new file cannot be written has not removed the old one.
 */
export async function commitChanges(
  changes: readonly PlannedChange[],
  io: CommitIo = safeIo,
): Promise<Committed[]> {
  const undo: Undo[] = [];
  const committed: Committed[] = [];
  // A delete the acting user may not make is refused before any file is written.
  for (const change of changes) {
    if (change.after !== null) continue;
    try {
      await assertRemovable(change.target.write);
    } catch (error) {
      throw await rollBack(error, change.target.given, undo);
    }
  }
  for (const { target, before, after, like } of writesFirst(changes)) {
    try {
      if (after) {
        const createdDirs = await missingDirs(target.write);
        const opts: { expect?: Stats; createParents: boolean; like?: Stats } = { createParents: true };
        if (before) opts.expect = before.stat;
        else if (like) opts.like = like;
        const { stat } = await io.write(target.write, after, opts);
        const written: FileAllowed = { ...target.write, stat };
        undo.push({
          given: target.given,
          run: async () => {
            if (before) await io.write(written, before.data, { expect: stat });
            else await io.remove(written, { created: true });
            await removeEmptyDirs(createdDirs);
          },
        });
        committed.push({ canonical: target.canonical, stat });
      } else if (before) {
        await confirmUnchanged(target.write, before.stat);
        await io.remove(target.write);
        const gone: FileAllowed = { ...target.write };
        delete gone.stat;
        undo.push({
          given: target.given,
          run: async () => {
            await io.write(gone, before.data, { createParents: true, like: before.stat });
          },
        });
        committed.push({ canonical: target.canonical });
      }
    } catch (error) {
      throw await rollBack(error, target.given, undo);
    }
  }
  return committed;
}

/**
 * The changes with every write before every delete, unless a write goes inside a path the patch deletes
 * (a file replaced by a directory of the same name): then the patch's own order.
 */
function writesFirst(changes: readonly PlannedChange[]): readonly PlannedChange[] {
  const deletes = changes.filter((c) => c.after === null);
  const writes = changes.filter((c) => c.after !== null);
  const below = (file: string, dir: string) => file.startsWith(`${dir}${path.sep}`);
  if (writes.some((w) => deletes.some((d) => below(w.target.canonical, d.target.canonical)))) return changes;
  return [...writes, ...deletes];
}

async function rollBack(error: unknown, failed: string, undo: Undo[]): Promise<ToolError> {
  const thrown = classifyThrown(error);
  const problems: string[] = [];
  for (const step of undo.reverse()) {
    try {
      await step.run();
    } catch (undoError) {
      problems.push(`${step.given} (${(undoError as Error).message})`);
    }
  }
  const reason = /[.!?]$/.test(thrown.message) ? thrown.message : `${thrown.message}.`;
  const head = `apply_patch failed while writing ${failed}: ${reason}`;
  if (problems.length === 0) {
    const tail =
      undo.length > 0
        ? 'The files already written were restored, so no file was changed.'
        : 'No file was changed.';
    return new ToolError(thrown.errorClass, `${head} ${tail}`, {
      hint: 'Read the files again, then retry the patch.',
    });
  }
  return new ToolError(
    'io_error',
    `${head} Restoring the files it had already changed failed for ${problems.join('; ')}; the other files were restored.`,
    { hint: 'Read the files named above to see their state before doing anything else.' },
  );
}

/** A delete must remove the file that was read, not a newer version of it. */
async function confirmUnchanged(check: FileAllowed, read: Stats): Promise<void> {
  const now = await fs.lstat(check.path).catch(() => undefined);
  if (!sameVersion(now, read)) {
    throw new FileRaceError(`${check.display} changed on disk while the patch was being applied.`);
  }
}

/** The directories between the file and its root that do not exist yet, deepest first. */
async function missingDirs(check: FileAllowed): Promise<string[]> {
  const missing: string[] = [];
  for (
    let dir = path.dirname(check.path);
    dir !== check.root.path && dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    const exists = await fs.lstat(dir).then(
      () => true,
      () => false,
    );
    if (exists) break;
    missing.push(dir);
  }
  return missing;
}

async function removeEmptyDirs(dirs: string[]): Promise<void> {
  for (const dir of dirs) await fs.rmdir(dir).catch(() => undefined); // not empty: someone else's now
}
