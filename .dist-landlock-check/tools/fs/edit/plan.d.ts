import { type PassName } from './matchers.js';
import { type Replacement } from './text-encoding.js';
/** One requested edit, as validated arguments. */
export interface EditRequest {
    old_text: string;
    new_text: string;
    replace_all?: boolean;
}
/** How one edit matched. */
export interface MatchedEdit {
    index: number;
    pass: PassName;
    count: number;
    /** new_text was re-indented to the file's indentation. */
    shifted: boolean;
}
export interface EditPlan {
    /** Sorted by position, disjoint, in LF-space offsets. */
    replacements: Array<Replacement & {
        edit: number;
    }>;
    edits: MatchedEdit[];
}
/**
 * Match every edit against the original text (never against the result of another edit), then check
 * that no two replacements overlap. Any failure throws before anything is written.
 */
export declare function planEdits(text: string, edits: EditRequest[], display: string): EditPlan;
