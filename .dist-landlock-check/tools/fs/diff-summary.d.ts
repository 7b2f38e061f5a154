import { type StructuredPatchHunk } from 'diff';
import type { Replacement } from './edit/text-encoding.js';
/** A hunk; `hidden` counts its lines that were counted but not kept. */
export interface DiffHunk extends StructuredPatchHunk {
    hidden?: number;
}
export interface DiffSummary {
    hunks: DiffHunk[];
    added: number;
    removed: number;
}
/** The diff of `text` after `replacements` (sorted, disjoint) are applied, with line numbers of the file. */
export declare function diffReplacements(text: string, replacements: Replacement[]): DiffSummary;
/** The diff between two whole texts: only the span between their common beginning and end is diffed. */
export declare function diffTexts(before: string, after: string): DiffSummary;
/** `--- path` / `+++ path` and the hunks, cut after `maxLines` diff lines with a note of what is left. */
export declare function formatDiff(display: string, summary: DiffSummary, maxLines: number): string;
/** `+3 −1` */
export declare function formatCounts(summary: DiffSummary): string;
