import { ToolError } from '../../../core/index.js';
import {
  describeAmbiguous,
  describeNearTwin,
  describeNotFound,
  describeStructureBreak,
} from './diagnostics.js';
import { countNewlines } from './lines.js';
import {
  type Found,
  findMatches,
  MAX_MATCHES,
  MatchText,
  PASS_NOTES,
  type PassName,
  type StructureBreak,
} from './matchers.js';
import { type Replacement, toLF } from './text-encoding.js';
import { nearTwin } from './twins.js';

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
  /** new_text's indentation was written in the tabs (or spaces) of the block it replaces. */
  restyled: boolean;
}

export interface EditPlan {
  /** Sorted by position, disjoint, in LF-space offsets. */
  replacements: Array<Replacement & { edit: number }>;
  edits: MatchedEdit[];
}

const PASSES: PassName[] = ['exact', 'trailing_whitespace', 'indentation', 'unicode'];

/**
 * Match every edit against the original text (never against the result of another edit), then check
 * that no two replacements overlap. Any failure throws before anything is written. `significant`: the
 * file's indentation is syntax, so a match that would move a line into or out of a block is refused.
 */
export function planEdits(
  text: string,
  edits: EditRequest[],
  display: string,
  options: { significant?: boolean } = {},
): EditPlan {
  const source = new MatchText(text, options.significant === true);
  const label = (i: number) => (edits.length > 1 ? `edits[${i}]: ` : '');
  const replacements: EditPlan['replacements'] = [];
  const matched: MatchedEdit[] = [];
  edits.forEach((edit, index) => {
    const needle = toLF(edit.old_text);
    const newText = toLF(edit.new_text);
    const all = edit.replace_all === true;
    let pass: PassName | undefined;
    let found: Found[] = [];
    const breaks: StructureBreak[] = [];
    for (const candidate of PASSES) {
      const result = findMatches(source, candidate, needle, newText, all);
      breaks.push(...result.breaks);
      if (result.found.length > 0) {
        pass = candidate;
        found = result.found;
        break;
      }
    }
    if (!pass && breaks.length > 0) {
      throw new ToolError(
        'not_found',
        label(index) + describeStructureBreak(source, needleLinesOf(needle), breaks[0]!, display),
        { hint: 'Copy old_text with the indentation the file has, and indent new_text the same way.' },
      );
    }
    if (!pass) {
      throw new ToolError('not_found', label(index) + describeNotFound(source, needle, display), {
        hint: 'Read the file again and copy old_text exactly as it appears, then retry.',
      });
    }
    // A match that ignored indentation, while a block at old_text's own indentation differs from it in a
    // word: old_text is most likely a stale copy of that block, and the match its twin.
    const only = found.length === 1 ? found[0]! : undefined;
    if (only?.indentDiffers && only.line !== undefined) {
      const needleLines = needleLinesOf(needle);
      const twin = nearTwin(source, needleLines, { line: only.line, count: needleLines.length });
      if (twin) {
        throw new ToolError(
          'conflict',
          label(index) + describeNearTwin(source, needleLines, only.line, twin, display),
          { hint: 'Read the file again and copy old_text, with its indentation, from the lines you mean.' },
        );
      }
    }
    const note = pass === 'exact' ? undefined : PASS_NOTES[pass];
    if (found.length > 1 && !all) {
      throw new ToolError('invalid_arguments', label(index) + describeAmbiguous(text, found, display, note), {
        hint: 'Make old_text unique with more surrounding lines, or set replace_all.',
      });
    }
    if (found.length > MAX_MATCHES) {
      throw new ToolError(
        'invalid_arguments',
        `${label(index)}old_text matches more than ${MAX_MATCHES} places in ${display}; edit_file does not do bulk rewrites that large.`,
        { hint: 'Narrow old_text, or transform the file another way.' },
      );
    }
    for (const f of found) replacements.push({ start: f.start, end: f.end, text: f.text, edit: index });
    matched.push({
      index,
      pass,
      count: found.length,
      shifted: found.some((f) => f.shifted),
      restyled: found.some((f) => f.restyled),
    });
  });

  replacements.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < replacements.length; i++) {
    const previous = replacements[i - 1]!;
    const current = replacements[i]!;
    if (previous.end > current.start) throw overlapError(text, previous, current, display);
  }
  return { replacements, edits: matched };
}

/** old_text's lines, without the empty line after a final newline. */
function needleLinesOf(needle: string): string[] {
  const lines = needle.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

function overlapError(
  text: string,
  a: { edit: number; end: number },
  b: { edit: number; start: number },
  display: string,
) {
  const line = countNewlines(text, 0, b.start) + 1;
  const lastLine = countNewlines(text, 0, Math.max(b.start, a.end - 1)) + 1;
  const where = lastLine > line ? `lines ${line}-${lastLine}` : `line ${line}`;
  const message =
    `edits[${Math.min(a.edit, b.edit)}] and edits[${Math.max(a.edit, b.edit)}] overlap in ${display} (both change ${where}); ` +
    'merge them into one edit, or make their old_text cover separate text. Every edit matches the original file, not the result of the edits before it.';
  return new ToolError('invalid_arguments', message, { hint: 'Merge the overlapping edits into one.' });
}
