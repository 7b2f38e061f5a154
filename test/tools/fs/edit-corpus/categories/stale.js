// Stale edits: the file changed after the model read it. With a read in the same turn the tool knows the
// version the model saw (read_file records it); without one, all it sees is old_text that no longer matches.
// Either way the edit must be refused, and the refusal should show the current lines.
import { editCase, patchCase, refuses } from '../build.js';
import { hunkFor, hunkOldLines, matchesInStrictestView } from '../patches.js';
import { baseIndent, convertUnit, count, lineOf, reformat, replaceOnce } from '../text.js';

export function stale(fx) {
  const [e0, e1] = fx.edits;
  const [from, to] = fx.stale;
  const changedBlock = e1.old.replace(from, to);
  if (changedBlock === e1.old) throw new Error(`corpus: ${fx.language} stale change changes nothing`);
  const changed = replaceOnce(fx.text, e1.old, changedBlock);
  const here = lineOf(changed, changedBlock);
  const out = [
    editCase(fx, 'stale', 'read-then-changed-elsewhere', {
      readFirst: true,
      current: changed,
      edits: [e0],
      expect: refuses(lineOf(changed, e0.old)),
      note: `read_file, then someone changed line ${here}; the edit targets other lines, which still match`,
    }),
    editCase(fx, 'stale', 'read-then-changed-here', {
      readFirst: true,
      current: changed,
      edits: [e1],
      expect: refuses(here),
      note: `read_file, then someone changed the very lines the edit targets (line ${here})`,
    }),
    editCase(fx, 'stale', 'changed-before-this-turn', {
      original: changed,
      edits: [e1],
      expect: refuses(here),
      note: `the model read the file in an earlier turn; line ${here} has changed since`,
    }),
  ];
  if (fx.formatter) {
    const [unit, formatted] = fx.formatter;
    const e = fx.edits.find((edit) => baseIndent(edit.old) !== '');
    const moved = convertUnit(e.old, unit, formatted);
    const current = reformat(fx.text, unit, formatted);
    if (moved !== undefined && count(current, moved) === 1) {
      out.push(
        editCase(fx, 'stale', 'read-then-reformatted', {
          readFirst: true,
          current,
          edits: [e],
          expect: refuses(lineOf(current, moved)),
          note: 'read_file, then a formatter re-indented the file; old_text still has the old indentation',
        }),
      );
    }
  }
  const hunk = hunkFor(fx.text, e1.old, e1.new);
  if (matchesInStrictestView(changed.replace(/\n$/, '').split('\n'), hunkOldLines(hunk)).length === 0) {
    out.push(
      patchCase(fx, 'stale', 'patch-changed-before-this-turn', {
        original: changed,
        hunks: [hunk],
        expect: refuses(here),
        note: `a hunk written against the file as it was; line ${here} has changed since`,
      }),
    );
  }
  return out;
}
