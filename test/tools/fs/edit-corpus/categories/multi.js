// Several edits in one call: all land (each matched against the original file), or none does — when two
// overlap, when one is stale, or when the model sends the same edit twice.
import { editCase, lands, patchCase, refuses } from '../build.js';
import { expectPatch, hunkFor } from '../patches.js';
import { allStartWith, baseIndent, count, lineOf, stripBase, uniqueIndex, withTrailing } from '../text.js';

/** Every edit applied to the original text at once (the edits must not overlap). */
function applyAll(text, edits) {
  const placed = edits.map((e) => ({ at: uniqueIndex(text, e.old), e })).sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const { at, e } of placed) {
    if (at < from) throw new Error('corpus: edits overlap');
    out += text.slice(from, at) + e.new;
    from = at + e.old.length;
  }
  return out + text.slice(from);
}

export function multiEdit(fx) {
  const [e0, e1, e2] = fx.edits;
  const out = [
    editCase(fx, 'multi_edit', 'two-disjoint', {
      edits: [e0, e2],
      expect: lands(applyAll(fx.text, [e0, e2])),
      note: 'two edits far apart',
    }),
    editCase(fx, 'multi_edit', 'three-in-reverse-order', {
      edits: [e2, e1, e0],
      expect: lands(applyAll(fx.text, [e0, e1, e2])),
      note: 'three edits, listed bottom-up',
    }),
  ];

  // The model splits one change into two edits whose old_text overlaps.
  const [from, to] = fx.stale;
  const line = e1.old.split('\n').find((l) => l.includes(from));
  if (count(fx.text, line) === 1) {
    out.push(
      editCase(fx, 'multi_edit', 'overlapping', {
        edits: [e1, { old: line, new: line.replace(from, to) }],
        expect: refuses(lineOf(fx.text, line)),
        note: "the second edit's old_text lies inside the first's",
      }),
    );
  }
  out.push(
    editCase(fx, 'multi_edit', 'one-of-three-stale', {
      edits: [e0, { old: e1.old.replace(from, to), new: e1.new }, e2],
      expect: refuses(lineOf(fx.text, e1.old)),
      note: 'the middle edit quotes text that is not in the file: nothing may be applied',
    }),
    editCase(fx, 'multi_edit', 'same-edit-twice', {
      edits: [e2, e2],
      expect: refuses(lineOf(fx.text, e2.old)),
      note: 'the model sent the same edit twice in one call',
    }),
  );

  const drifted = [e2, e1].find((e) => baseIndent(e.old) !== '' && allStartWith(e.new, baseIndent(e.old)));
  const lenient = drifted
    ? {
        old: stripBase(drifted.old, baseIndent(drifted.old)),
        new: stripBase(drifted.new, baseIndent(drifted.old)),
      }
    : { old: withTrailing(e2.old, 0, ' '), new: e2.new };
  const target = drifted ?? e2;
  out.push(
    editCase(fx, 'multi_edit', 'exact-and-lenient', {
      edits: [e0, lenient],
      expect: lands(applyAll(fx.text, [e0, target])),
      note: `one edit exact, the other ${drifted ? 'without its base indentation' : 'with a trailing space'}`,
    }),
  );

  const gap = lineOf(fx.text, e2.old) - (lineOf(fx.text, e0.old) + e0.old.split('\n').length);
  const hunks = [
    hunkFor(fx.text, e0.old, e0.new, { context: gap > 2 ? 1 : 0 }),
    hunkFor(fx.text, e2.old, e2.new, { context: gap > 2 ? 1 : 0 }),
  ];
  const expected = expectPatch(fx.text, hunks);
  if (expected.file !== applyAll(fx.text, [e0, e2])) {
    throw new Error(`corpus: ${fx.language} two-hunk patch does not land as planned`);
  }
  out.push(
    patchCase(fx, 'multi_edit', 'patch-two-hunks', {
      hunks,
      expect: lands(expected.file),
      note: 'two hunks of one file, in file order',
    }),
  );
  return out;
}
