import { promises as fs } from 'node:fs';
import { classifyThrown, ToolError } from '../../../core/index.js';
import { readVerified } from '../../../sandbox/index.js';
import { notFound } from '../not-found.js';
import { applyChunks } from './apply-chunks.js';
import { decodeText, textProblem } from './text.js';
/** Files larger than this are not patched (the whole file is held in memory, twice). */
export const MAX_PATCH_FILE_BYTES = 64 * 1024 * 1024;
/**
 * Read every file the patch touches and compute every new content in memory, in patch order, without
 * writing anything. Operations see the results of earlier ones (an update after an add edits the added
 * text). Fails with the first operation that cannot be applied.
 */
export async function computePlan(ops, deps) {
    const entries = new Map();
    const summary = [];
    const load = async (target) => {
        let entry = entries.get(target.canonical);
        if (!entry) {
            entry = await readEntry(target);
            entries.set(target.canonical, entry);
        }
        return entry;
    };
    const unchangedSince = (entry, verb) => {
        // Only operations without context to check (add over a file, delete) need this guard.
        if (!entry.before || entry.touched)
            return;
        const change = deps.versions.changedSince(entry.target.canonical, entry.before.stat);
        if (change) {
            throw new ToolError('conflict', `apply_patch verification failed: cannot ${verb} ${entry.target.given}: it changed on disk since this turn last read or wrote it (${change}).`, { hint: 'Read the file again, then retry the patch against its current content.' });
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
        if (entry.current === null)
            throw await missing(entry, op.kind, deps.files);
        if (op.kind === 'delete') {
            unchangedSince(entry, 'delete');
            entry.current = null;
            entry.touched = true;
            summary.push({ letter: 'D', path: op.path });
            continue;
        }
        const problem = textProblem(entry.current);
        if (problem) {
            throw new ToolError('invalid_arguments', `apply_patch verification failed: cannot update ${op.path}: ${problem}; apply_patch edits only UTF-8 text files.`);
        }
        const updated = applyChunks(decodeText(entry.current), op.chunks, op.path);
        if (dest && dest.canonical !== source.canonical) {
            const destination = await load(dest);
            destination.current = updated;
            destination.touched = true;
            entry.current = null;
            entry.touched = true;
            summary.push({ letter: 'M', path: dest.given });
        }
        else {
            entry.current = updated;
            entry.touched = true;
            summary.push({ letter: 'M', path: dest?.given ?? op.path });
        }
    }
    const changes = [];
    for (const entry of entries.values()) {
        const { before, current } = entry;
        if (before ? current?.equals(before.data) : current === null)
            continue; // no net change
        const change = { target: entry.target, after: current };
        if (before)
            change.before = before;
        changes.push(change);
    }
    return { changes, summary };
}
async function readEntry(target) {
    if (!target.write.stat) {
        // Missing when checked; if it appeared since, we have not read what we would overwrite.
        const now = await fs.lstat(target.canonical).catch(() => undefined);
        if (now) {
            throw new ToolError('conflict', `apply_patch verification failed: ${target.given} was created by someone else while the patch was being prepared.`, { hint: 'Read it, then retry the patch.' });
        }
        return { target, current: null, touched: false };
    }
    try {
        const { data, stat } = await readVerified(target.read, MAX_PATCH_FILE_BYTES);
        return { target, before: { data, stat }, current: data, touched: false };
    }
    catch (error) {
        const thrown = classifyThrown(error);
        throw new ToolError(thrown.errorClass, `apply_patch verification failed: cannot read ${target.given}: ${thrown.message}`, thrown.hint === undefined ? {} : { hint: thrown.hint });
    }
}
async function missing(entry, kind, files) {
    const given = entry.target.given;
    if (entry.touched) {
        return new ToolError('invalid_arguments', `apply_patch verification failed: cannot ${kind} ${given}: an earlier operation of this patch deleted or moved it.`);
    }
    const notThere = await notFound(files, entry.target.canonical, 'File');
    const tip = kind === 'update' ? " To create it, use '*** Add File:'." : '';
    const message = `apply_patch verification failed: cannot ${kind} ${given}: ${notThere.message}${tip}`;
    return new ToolError('not_found', message, { hint: notThere.hint ?? 'Check the path, then retry.' });
}
//# sourceMappingURL=plan.js.map