import { ToolError } from '../../../core/index.js';
import { countNewlines } from './lines.js';
import { PASS_NOTES } from './matchers.js';
import type { EditPlan } from './plan.js';

// A stale edit: the file changed on disk since this turn read or wrote it, so old_text was copied from a
// version that is gone. The edit is refused whatever it would match now, but the refusal shows where its
// old_text stands in the current file (still matching, or the closest text and what differs), so the
// model can check the lines and send the edit again after reading the file.

const REREAD = 'Read the file again, then redo the change against its current content.';
/** Current lines shown per edit. */
const MAX_SHOWN_LINES = 12;

/**
 * The refusal of a stale edit. `current` (absent when the file is no longer text) is the file's text now
 * and the edit planned against it: a plan that succeeds shows the lines old_text still matches, a plan
 * that fails shows its own message (the closest candidate, or the places old_text matches).
 */
export function describeStale(
  display: string,
  change: string,
  current?: { text: string; plan: () => EditPlan },
): ToolError {
  const head =
    `${display} changed on disk since this turn last read or wrote it (${change}), so the edit was not applied: ` +
    'old_text was copied from a version of the file that is gone.';
  const out = [head];
  if (current) {
    try {
      const plan = current.plan();
      const many = plan.edits.length > 1;
      for (const edit of plan.edits) {
        const span = plan.replacements.find((r) => r.edit === edit.index);
        if (!span) continue;
        const how = edit.pass === 'exact' ? '' : ` (${PASS_NOTES[edit.pass]})`;
        out.push(
          `${many ? `edits[${edit.index}]: ` : ''}${describeSpan(current.text, span.start, span.end, how)}`,
        );
      }
      out.push(
        `If these are the lines you mean, read ${display} again, check them, and send the edit again.`,
      );
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      out.push(`In the file as it is now, ${error.message}`);
    }
  } else {
    out.push(REREAD);
  }
  return new ToolError('conflict', out.join('\n'), { hint: REREAD });
}

/** `In the file as it is now, old_text still matches lines 12-14:` and the numbered lines. */
function describeSpan(text: string, start: number, end: number, how: string): string {
  const first = countNewlines(text, 0, start);
  const last = first + countNewlines(text, start, Math.max(start, end - 1));
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', Math.max(start, end - 1));
  if (lineEnd === -1) lineEnd = text.length;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const where = last > first ? `lines ${first + 1}-${last + 1}` : `line ${first + 1}`;
  const shown = lines
    .slice(0, MAX_SHOWN_LINES)
    .map(
      (line, i) =>
        `${String(first + i + 1).padStart(6)}\t${line.length > 300 ? `${line.slice(0, 300)}…` : line}`,
    );
  if (lines.length > MAX_SHOWN_LINES) shown.push(`   ... (${lines.length - MAX_SHOWN_LINES} more lines)`);
  return [`In the file as it is now, old_text still matches ${where}${how}:`, ...shown].join('\n');
}
