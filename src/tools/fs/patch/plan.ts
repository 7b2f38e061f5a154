import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import { classifyThrown, ToolError } from '../../../core/index.js';
import { type FileAccess, type FileVersions, readVerified } from '../../../sandbox/index.js';
import { notFound } from '../not-found.js';
import { applyChunks, type HunkMatch } from './apply-chunks.js';
import type { ResolvedOp, Target } from './targets.js';
import { decodeText, textProblem } from './text.js';

/** Files larger than this are not patched (the whole file is held in memory, twice). */
export const MAX_PATCH_FILE_BYTES = 64 * 1024 * 1024;

/** One file's change: its bytes before (absent when it did not exist) and after (null: deleted). */
export interface PlannedChange {
  target: Target;
  before?: { data: Buffer; stat: Stats };
  after: Buffer | null;
  /** For a file a move creates: the moved file, whose mode (and, as root, owner and group) it keeps. */
  like?: Stats;
}

export interface SummaryLine {
  letter: 'A' | 'M' | 'D';
  path: string;
  /** For an update: where and how each of its hunks matched. */
  hunks?: HunkMatch[];
}

export interface Plan {
  changes: PlannedChange[];
  summary: SummaryLine[];
}

/** A file as the patch has left it so far: later operations see what earlier ones did. */
interface Entry {
  target: Target;
  before?: { data: Buffer; stat: Stats };
  current: Buffer | null;
  /** An earlier operation of the patch changed it. */
  touched: boolean;
  /** The file moved here, when this entry is a move's destination. */
  like?: Stats;
}

/**
 * Read every file the patch touches and compute every new content in memory, in patch order, without
 * writing anything. Operations see the results of earlier ones (an update after an add edits the added
 * text). Fails with the first operation that cannot be applied.
 */
export async function computePlan(
  ops: readonly ResolvedOp[],
  deps: { files: FileAccess; versions: FileVersions },
): Promise<Plan> {
  const entries = new Map<string, Entry>();
  const summary: SummaryLine[] = [];
  const load = async (target: Target): Promise<Entry> => {
    let entry = entries.get(target.canonical);
    if (!entry) {
      entry = await readEntry(target);
      entries.set(target.canonical, entry);
    }
    return entry;
  };
  const unchangedSince = (entry: Entry, verb: string) => {
    // Only operations without context to check (add over a file, delete) need this guard.
    if (!entry.before || entry.touched) return;
    const change = deps.versions.changedSince(entry.target.canonical, entry.before.stat);
    if (change) {
      throw new ToolError(
        'conflict',
        `apply_patch verification failed: cannot ${verb} ${entry.target.given}: it changed on disk since this turn last read or wrote it (${change}).`,
        { hint: 'Read the file again, then retry the patch against its current content.' },
      );
    }
  };

  for (const { op, source, dest } of ops) {
    const entry = await load(source);
    if (op.kind === 'add') {
      unchangedSince(entry, 'overwrite');
      entry.current = Buffer.from(op.contents, 'utf8');
      entry.touched = true;
      summary.push({ letter: 'A', path: op.path });
      continue;
    }
    if (entry.current === null) throw await missing(entry, op.kind, deps.files);
    if (op.kind === 'delete') {
      unchangedSince(entry, 'delete');
      entry.current = null;
      entry.touched = true;
      summary.push({ letter: 'D', path: op.path });
      continue;
    }
    const problem = textProblem(entry.current);
    if (problem) {
      throw new ToolError(
        'invalid_arguments',
        `apply_patch verification failed: cannot update ${op.path}: ${problem}; apply_patch edits only UTF-8 text files.`,
      );
    }
    const { data: updated, hunks } = applyChunks(decodeText(entry.current), op.chunks, op.path);
    if (dest && dest.canonical !== source.canonical) {
      const destination = await load(dest);
      destination.current = updated;
      const moved = entry.like ?? entry.before?.stat;
      if (moved) destination.like = moved;
      destination.touched = true;
      entry.current = null;
      entry.touched = true;
      summary.push({ letter: 'M', path: dest.given, hunks });
    } else {
      entry.current = updated;
      entry.touched = true;
      summary.push({ letter: 'M', path: dest?.given ?? op.path, hunks });
    }
  }

  const changes: PlannedChange[] = [];
  for (const entry of entries.values()) {
    const { before, current } = entry;
    if (before ? current?.equals(before.data) : current === null) continue; // no net change
    const change: PlannedChange = { target: entry.target, after: current };
    if (before) change.before = before;
    else if (entry.like && current) change.like = entry.like;
    changes.push(change);
  }
  return { changes, summary };
}

async function readEntry(target: Target): Promise<Entry> {
  if (!target.write.stat) {
    // Missing when checked; if it appeared since, we have not read what we would overwrite.
    const now = await fs.lstat(target.canonical).catch(() => undefined);
    if (now) {
      throw new ToolError(
        'conflict',
        `apply_patch verification failed: ${target.given} was created by someone else while the patch was being prepared.`,
        { hint: 'Read it, then retry the patch.' },
      );
    }
    return { target, current: null, touched: false };
  }
  try {
    const { data, stat } = await readVerified(target.read!, MAX_PATCH_FILE_BYTES);
    return { target, before: { data, stat }, current: data, touched: false };
  } catch (error) {
    const thrown = classifyThrown(error);
    throw new ToolError(
      thrown.errorClass,
      `apply_patch verification failed: cannot read ${target.given}: ${thrown.message}`,
      thrown.hint === undefined ? {} : { hint: thrown.hint },
    );
  }
}

async function missing(entry: Entry, kind: 'delete' | 'update', files: FileAccess): Promise<ToolError> {
  const given = entry.target.given;
  if (entry.touched) {
    return new ToolError(
      'invalid_arguments',
      `apply_patch verification failed: cannot ${kind} ${given}: an earlier operation of this patch deleted or moved it.`,
    );
  }
  const notThere = await notFound(files, entry.target.canonical, 'File');
  const tip = kind === 'update' ? " To create it, use '*** Add File:'." : '';
  const message = `apply_patch verification failed: cannot ${kind} ${given}: ${notThere.message}${tip}`;
  return new ToolError('not_found', message, { hint: notThere.hint ?? 'Check the path, then retry.' });
}
