// Where an edit could land in more than one place, or only in a place the model did not mean:
//   ambiguous     old_text occurs twice, exactly or only once indentation or trailing whitespace is ignored
//   wrong_place   the model's old_text is a stale copy of block A (it changed A earlier); exactly it matches
//                 nothing, but ignoring indentation it matches A's twin B elsewhere — landing there is wrong
//   weak_context  apply_patch hunks with little or no context and no @@ line, placed by the reference rule
import { editCase, lands, patchCase, refuses } from '../build.js';
import { expectPatch, hunkFor, hunkFromModel, hunkOldLines, looseMatches } from '../patches.js';
import {
  baseIndent,
  count,
  indentMore,
  lineAt,
  lineOf,
  linesAround,
  linesOf,
  replaceOnce,
  stripBase,
  withTrailing,
} from '../text.js';

const occurrences = (text, s) => {
  const out = [];
  for (let at = text.indexOf(s); at !== -1; at = text.indexOf(s, at + 1)) out.push(at);
  return out;
};
const isWholeLines = (text, at, length) =>
  (at === 0 || text[at - 1] === '\n') && (at + length === text.length || text[at + length] === '\n');

/**
 * The pair's block moved to an indentation neither twin has (column 0, or one level deeper than both), with
 * the same move applied to `other` (the model's new text).
 */
function thirdIndentation(fx, other) {
  const { first, second } = fx.pair;
  const [a, b] = [baseIndent(first), baseIndent(second)];
  if (a !== '' && b !== '') return [stripBase(first, a), stripBase(other, a)];
  const deeper = a.length >= b.length ? first : second;
  const shift =
    deeper === first ? (s) => indentMore(s, fx.unit) : (s) => indentMore(stripBase(s, a), b + fx.unit);
  return [indentMore(deeper, fx.unit), shift(other)];
}

export function ambiguous(fx) {
  const out = [];
  const { dupe } = fx;
  const at = occurrences(fx.text, dupe.old);
  if (at.length < 2) throw new Error(`corpus: ${fx.language} dupe occurs ${at.length} times`);
  out.push(
    editCase(fx, 'ambiguous', 'exact-twice', {
      edits: [dupe],
      expect: refuses(linesOf(fx.text, dupe.old)),
      note: 'old_text occurs more than once',
    }),
  );
  if (at.every((i) => isWholeLines(fx.text, i, dupe.old.length))) {
    out.push(
      editCase(fx, 'ambiguous', 'twice-ignoring-trailing-space', {
        edits: [{ old: withTrailing(dupe.old, -1, ' '), new: dupe.new }],
        expect: refuses(linesOf(fx.text, dupe.old)),
        note: 'old_text (with a stray trailing space) occurs twice once trailing whitespace is ignored',
      }),
    );
  }
  if (fx.pair) {
    const [old, replacement] = thirdIndentation(fx, fx.pair.new);
    const where = looseMatches(fx.text, old.split('\n'));
    if (where.length < 2 || count(fx.text, old) === 1)
      throw new Error(`corpus: ${fx.language} twins are not ambiguous`);
    out.push(
      editCase(fx, 'ambiguous', 'twice-ignoring-indentation', {
        edits: [{ old, new: replacement }],
        expect: refuses(where),
        note: 'old_text at an indentation neither twin has: it matches both once indentation is ignored',
      }),
    );
  }
  out.push(
    editCase(fx, 'ambiguous', 'replace-all', {
      edits: [{ ...dupe, all: true }],
      expect: lands(fx.text.replaceAll(dupe.old, dupe.new)),
      note: 'the same text with replace_all: every occurrence changes',
    }),
  );
  const last = at.at(-1);
  const anchorAt = fx.text.indexOf(dupe.anchor);
  if (anchorAt < 0 || anchorAt > last)
    throw new Error(`corpus: ${fx.language} dupe anchor is not before the last occurrence`);
  const block = linesAround(fx.text, anchorAt, last + dupe.old.length - anchorAt);
  const offset = last - fx.text.lastIndexOf('\n', anchorAt - 1) - 1;
  const blockNew = block.slice(0, offset) + dupe.new + block.slice(offset + dupe.old.length);
  if (block.split('\n').length <= 12) {
    out.push(
      editCase(fx, 'ambiguous', 'made-unique-with-context', {
        edits: [{ old: block, new: blockNew }],
        expect: lands(replaceOnce(fx.text, block, blockNew)),
        note: 'the repeated text with enough surrounding lines to make it unique',
      }),
    );
  }
  return out;
}

export function wrongPlace(fx) {
  if (!fx.pair) return [];
  const { first, tweak } = fx.pair;
  const tweaked = first.replace(tweak[0], tweak[1]);
  if (tweaked === first) throw new Error(`corpus: ${fx.language} pair tweak changes nothing`);
  const original = replaceOnce(fx.text, first, tweaked);
  const loose = looseMatches(original, first.split('\n'));
  if (count(original, first) !== 0 || loose.length !== 1) {
    throw new Error(`corpus: ${fx.language} stale twin must match only the other twin, leniently`);
  }
  const intended = lineOf(original, tweaked);
  return [
    editCase(fx, 'wrong_place', 'stale-copy-matches-twin', {
      original,
      edits: [{ old: first, new: fx.pair.new }],
      expect: refuses(intended),
      note: `old_text is the model's stale copy of the block at line ${intended} (it changed it earlier); only its twin at line ${loose[0]} matches, ignoring indentation`,
    }),
    patchCase(fx, 'wrong_place', 'patch-stale-copy-matches-twin', {
      original,
      hunks: [hunkFromModel(first, fx.pair.new)],
      expect: refuses(intended),
      note: `a hunk from a stale copy of line ${intended}; only its twin at line ${loose[0]} matches, ignoring indentation`,
    }),
  ];
}

export function weakContext(fx) {
  const out = [];
  const rule = (variant, hunks, note) =>
    out.push(patchCase(fx, 'weak_context', variant, { hunks, expect: expectPatch(fx.text, hunks), note }));
  fx.edits.forEach((e, i) => {
    rule(
      `e${i}-one-line-of-context`,
      [hunkFor(fx.text, e.old, e.new, { context: 1 })],
      'one line of context, no @@ line',
    );
  });
  const e2 = fx.edits[2];
  const bare = hunkFor(fx.text, e2.old, e2.new, { context: 0 });
  // A hunk of added lines alone has nothing to match: it is not a weak-context case.
  if (hunkOldLines(bare).length > 0) rule('e2-no-context', [bare], 'no context at all, no @@ line');

  const { dupe } = fx;
  const at = occurrences(fx.text, dupe.old);
  const linesOfOccurrence = (i) => {
    const lines = linesAround(fx.text, i, dupe.old.length);
    const offset = i - fx.text.lastIndexOf('\n', i - 1) - 1;
    return [lines, lines.slice(0, offset) + dupe.new + lines.slice(offset + dupe.old.length)];
  };
  const [firstLines, firstNew] = linesOfOccurrence(at[0]);
  rule(
    'repeated-lines',
    [hunkFromModel(firstLines, firstNew)],
    'only the changed lines, which the file repeats',
  );
  const [lastLines, lastNew] = linesOfOccurrence(at.at(-1));
  rule(
    'repeated-lines-after-anchor',
    [hunkFromModel(lastLines, lastNew, dupe.anchor)],
    'repeated lines, placed by an @@ line before the intended occurrence',
  );
  if (fx.pair) {
    const [old, replacement] = thirdIndentation(fx, fx.pair.new);
    rule(
      'twins-ignoring-indentation',
      [hunkFromModel(old, replacement)],
      'the lines of two twin blocks at an indentation neither has',
    );
  }
  // A hunk whose lines occur both before and after the previous hunk: ambiguous over the whole file.
  if (at.length >= 2 && at.every((i) => isWholeLines(fx.text, i, dupe.old.length))) {
    const [lo, hi] = [lineAt(fx.text, at[0]), lineAt(fx.text, at[1])];
    const between = fx.edits.find((e) => {
      const first = lineOf(fx.text, e.old);
      return first > lo + dupe.old.split('\n').length && first + e.old.split('\n').length < hi;
    });
    if (between) {
      rule(
        'repeated-lines-after-previous-hunk',
        [hunkFor(fx.text, between.old, between.new, { context: 1 }), hunkFromModel(firstLines, firstNew)],
        'a second hunk whose lines occur both before and after the first hunk',
      );
    }
  }
  return out;
}
