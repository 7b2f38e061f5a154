import { ToolError } from '../../../core/index.js';
import { describeAmbiguous, describeNotFound } from './diagnostics.js';
import { countNewlines } from './lines.js';
import { findMatches, MAX_MATCHES, MatchText, PASS_NOTES } from './matchers.js';
import { toLF } from './text-encoding.js';
const PASSES = ['exact', 'trailing_whitespace', 'indentation', 'unicode'];
/**
 * Match every edit against the original text (never against the result of another edit), then check
 * that no two replacements overlap. Any failure throws before anything is written.
 */
export function planEdits(text, edits, display) {
    const source = new MatchText(text);
    const label = (i) => (edits.length > 1 ? `edits[${i}]: ` : '');
    const replacements = [];
    const matched = [];
    edits.forEach((edit, index) => {
        const needle = toLF(edit.old_text);
        const newText = toLF(edit.new_text);
        const all = edit.replace_all === true;
        let pass;
        let found = [];
        for (const candidate of PASSES) {
            found = findMatches(source, candidate, needle, newText, all);
            if (found.length > 0) {
                pass = candidate;
                break;
            }
        }
        if (!pass) {
            throw new ToolError('not_found', label(index) + describeNotFound(source, needle, display), {
                hint: 'Read the file again and copy old_text exactly as it appears, then retry.',
            });
        }
        const note = pass === 'exact' ? undefined : PASS_NOTES[pass];
        if (found.length > 1 && !all) {
            throw new ToolError('invalid_arguments', label(index) + describeAmbiguous(text, found, display, note), {
                hint: 'Make old_text unique with more surrounding lines, or set replace_all.',
            });
        }
        if (found.length > MAX_MATCHES) {
            throw new ToolError('invalid_arguments', `${label(index)}old_text matches more than ${MAX_MATCHES} places in ${display}; edit_file does not do bulk rewrites that large.`, { hint: 'Narrow old_text, or transform the file another way.' });
        }
        for (const f of found)
            replacements.push({ start: f.start, end: f.end, text: f.text, edit: index });
        matched.push({ index, pass, count: found.length, shifted: found.some((f) => f.shifted) });
    });
    replacements.sort((a, b) => a.start - b.start || a.end - b.end);
    for (let i = 1; i < replacements.length; i++) {
        const previous = replacements[i - 1];
        const current = replacements[i];
        if (previous.end > current.start)
            throw overlapError(text, previous, current, display);
    }
    return { replacements, edits: matched };
}
function overlapError(text, a, b, display) {
    const line = countNewlines(text, 0, b.start) + 1;
    const lastLine = countNewlines(text, 0, Math.max(b.start, a.end - 1)) + 1;
    const where = lastLine > line ? `lines ${line}-${lastLine}` : `line ${line}`;
    const message = `edits[${Math.min(a.edit, b.edit)}] and edits[${Math.max(a.edit, b.edit)}] overlap in ${display} (both change ${where}); ` +
        'merge them into one edit, or make their old_text cover separate text. Every edit matches the original file, not the result of the edits before it.';
    return new ToolError('invalid_arguments', message, { hint: 'Merge the overlapping edits into one.' });
}
//# sourceMappingURL=plan.js.map