// The held-out edit cases: written by hand, independently of the corpus's generators, to check that
// edit_file and apply_patch were not tuned to the corpus. Same case format as corpus.js (harness.js runs
// them), plus two optional fields: `expect.acceptLanding` (a refusal case where landing exactly so is also
// right) and `outsideDocs` (the expectation follows issue 16's goal where docs/tools.md promises less).
import { CATEGORIES } from '../corpus.js';
import { ambiguousCases } from './cases/ambiguous.js';
import { contentDriftCases } from './cases/content-drift.js';
import { exactCases } from './cases/exact.js';
import { fileKindCases } from './cases/file-kinds.js';
import { indentationShiftCases } from './cases/indentation-shift.js';
import { indentationStructureCases } from './cases/indentation-structure.js';
import { lineEndingCases } from './cases/line-endings.js';
import { multiEditCases } from './cases/multi-edit.js';
import { staleCases } from './cases/stale.js';
import { tabsSpacesCases } from './cases/tabs-spaces.js';
import { trailingWhitespaceCases } from './cases/trailing-whitespace.js';
import { unicodeCases } from './cases/unicode.js';
import { weakContextCases } from './cases/weak-context.js';
import { wrongPlaceCases } from './cases/wrong-place.js';

/** The corpus's categories, and drift of the text itself (a dropped blank line, an added comma). */
export const HELD_OUT_CATEGORIES = [...CATEGORIES, 'content_drift'];

const lineCount = (text) => text.split(/\r\n|\r|\n/).length;

/** Every held-out case, checked: ids unique, expectations consistent with the file they start from. */
export function loadHeldOut() {
  const cases = [
    ...exactCases,
    ...trailingWhitespaceCases,
    ...indentationShiftCases,
    ...indentationStructureCases,
    ...fileKindCases,
    ...unicodeCases,
    ...lineEndingCases,
    ...ambiguousCases,
    ...wrongPlaceCases,
    ...staleCases,
    ...multiEditCases,
    ...weakContextCases,
    ...tabsSpacesCases,
    ...contentDriftCases,
  ];
  const ids = new Set();
  for (const c of cases) {
    const problem = (what) => new Error(`held-out: ${c.id}: ${what}`);
    if (ids.has(c.id)) throw problem('duplicate id');
    ids.add(c.id);
    if (!HELD_OUT_CATEGORIES.includes(c.category)) throw problem(`unknown category ${c.category}`);
    const before = c.current ?? c.original;
    if ('file' in c.expect) {
      for (const file of [c.expect.file, ...(c.expect.alsoAccept ?? [])]) {
        if (file === before) throw problem('expects no change');
      }
    } else {
      if (c.expect.lines.length === 0) throw problem('names no line');
      for (const line of c.expect.lines) {
        if (line < 1 || line > lineCount(before)) throw problem(`line ${line} is outside the file`);
      }
    }
    if (c.current !== undefined && !c.readFirst) throw problem('a changed file without a read is not stale');
  }
  return cases;
}
