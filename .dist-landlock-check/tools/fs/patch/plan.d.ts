import type { Stats } from 'node:fs';
import { type FileAccess, type FileVersions } from '../../../sandbox/index.js';
import type { ResolvedOp, Target } from './targets.js';
/** Files larger than this are not patched (the whole file is held in memory, twice). */
export declare const MAX_PATCH_FILE_BYTES: number;
/** One file's change: its bytes before (absent when it did not exist) and after (null: deleted). */
export interface PlannedChange {
    target: Target;
    before?: {
        data: Buffer;
        stat: Stats;
    };
    after: Buffer | null;
}
export interface SummaryLine {
    letter: 'A' | 'M' | 'D';
    path: string;
}
export interface Plan {
    changes: PlannedChange[];
    summary: SummaryLine[];
}
/**
 * Read every file the patch touches and compute every new content in memory, in patch order, without
 * writing anything. Operations see the results of earlier ones (an update after an add edits the added
 * text). Fails with the first operation that cannot be applied.
 */
export declare function computePlan(ops: readonly ResolvedOp[], deps: {
    files: FileAccess;
    versions: FileVersions;
}): Promise<Plan>;
