// The edit corpus: realistic model edits over fourteen languages, each with the exact file expected after
// it or the refusal expected instead. Generated from fixtures (fixtures/*.js) by one module per family of
// drift (categories/*.js), so a new language is one fixture and a new kind of drift is one generator.
//
// A fixture is a source file and the edits a model makes in it:
//   language, file      the language and the file's path in the workspace
//   significant         whether indentation carries meaning (Python, YAML, Makefile, Haskell, F#, Markdown)
//   unit                one level of indentation in the file ('    ', '  ' or '\t')
//   text                the file (LF line endings, ending with a newline)
//   edits               three realistic { old, new } replacements; each old is whole lines, found once
//   dupe                { old, new, anchor }: text found at least twice; anchor is a unique line before the
//                       last occurrence (an @@ line that singles it out)
//   pair                (optional) { first, second, new, tweak }: two blocks equal line for line once
//                       indentation is ignored, at different depths; tweak [from, to] is a change the model
//                       made to `first` earlier, so its stale copy of `first` matches only `second` leniently
//   stale               [from, to]: a change someone makes inside edits[1].old after the model read the file
//   structure           (significant only) { old, new } whose relative indentation disagrees with the file
//   formatter           (optional) [unit, newUnit]: a formatter run that re-indents the whole file
import { ambiguous, weakContext, wrongPlace } from './categories/ambiguity.js';
import { exact, indentationShift, tabsSpaces, trailingWhitespace } from './categories/basic.js';
import { lineEndings } from './categories/endings.js';
import { multiEdit } from './categories/multi.js';
import { stale } from './categories/stale.js';
import { indentationStructure } from './categories/structure.js';
import { unicode } from './categories/unicode.js';
import { FIXTURES } from './fixtures/index.js';
import { count } from './text.js';

export { FIXTURES };

/** Categories in the order reports list them. */
export const CATEGORIES = [
  'exact',
  'trailing_whitespace',
  'indentation_shift',
  'indentation_structure',
  'unicode',
  'line_endings',
  'ambiguous',
  'wrong_place',
  'stale',
  'multi_edit',
  'weak_context',
  'tabs_spaces',
];

const GENERATORS = [
  exact,
  trailingWhitespace,
  indentationShift,
  indentationStructure,
  unicode,
  lineEndings,
  ambiguous,
  wrongPlace,
  stale,
  multiEdit,
  weakContext,
  tabsSpaces,
];

function checkFixture(fx) {
  const problem = (what) => new Error(`corpus: ${fx.language}: ${what}`);
  if (!fx.text.endsWith('\n') || fx.text.includes('\r'))
    throw problem('text must be LF and end with a newline');
  fx.edits.forEach((e, i) => {
    if (count(fx.text, e.old) !== 1) throw problem(`edits[${i}].old occurs ${count(fx.text, e.old)} times`);
    if (e.old === e.new) throw problem(`edits[${i}] changes nothing`);
  });
  if (fx.pair && count(fx.text, fx.pair.first) !== 1) throw problem('pair.first must occur once');
}

/** Every case, checked: ids unique, each case's expectation consistent with its original. */
export function loadCorpus() {
  const cases = [];
  FIXTURES.forEach((fx, index) => {
    checkFixture(fx);
    for (const generate of GENERATORS) cases.push(...generate(fx, index));
  });
  const ids = new Set();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`corpus: duplicate case id ${c.id}`);
    ids.add(c.id);
    const before = c.current ?? c.original;
    if ('file' in c.expect && c.expect.file === before) throw new Error(`corpus: ${c.id} expects no change`);
    if ('refuse' in c.expect && c.expect.lines.length === 0) throw new Error(`corpus: ${c.id} names no line`);
  }
  return cases;
}
