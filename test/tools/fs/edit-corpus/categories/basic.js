// Edits that must land: exact text, trailing-whitespace drift, indentation drift that keeps the block's
// structure (the whole block shifted, re-scaled, or written with the other kind of indentation).
import { editCase, lands, patchCase } from '../build.js';
import { expectPatch, hunkFor } from '../patches.js';
import {
  allStartWith,
  baseIndent,
  convertUnit,
  count,
  headerAbove,
  indentMore,
  replaceOnce,
  stripBase,
  withTrailing,
} from '../text.js';

const TAB = '\t';
const otherUnit = (unit) => (unit === '    ' ? '  ' : '    ');

/** A patch expected to land exactly as the reference rule places it (no re-indenting involved). */
function landingPatch(fx, category, variant, original, hunk, want, note) {
  const expected = expectPatch(original, [hunk]);
  if (!expected.file || (want !== undefined && expected.file !== want)) {
    throw new Error(`corpus: ${fx.language}/${category}/${variant} does not land where it should`);
  }
  return patchCase(fx, category, variant, { original, hunks: [hunk], expect: lands(expected.file), note });
}

export function exact(fx) {
  const out = fx.edits.map((e, i) =>
    editCase(fx, 'exact', `e${i}`, {
      edits: [e],
      expect: lands(replaceOnce(fx.text, e.old, e.new)),
      note: 'old_text copied exactly from the file',
    }),
  );
  const [e0, e1] = fx.edits;
  out.push(
    landingPatch(
      fx,
      'exact',
      'patch-e0',
      fx.text,
      hunkFor(fx.text, e0.old, e0.new),
      replaceOnce(fx.text, e0.old, e0.new),
      'a hunk with three lines of context and a bare @@',
    ),
  );
  const header = headerAbove(fx.text, e1.old);
  out.push(
    landingPatch(
      fx,
      'exact',
      'patch-e1-anchored',
      fx.text,
      hunkFor(fx.text, e1.old, e1.new, { anchor: header?.text, after: header?.index }),
      replaceOnce(fx.text, e1.old, e1.new),
      `a hunk with up to three lines of context${header ? ` after @@ ${header.text}` : ''}`,
    ),
  );
  return out;
}

/** `text` with the lines of `old` replaced by those of `new`, keeping `ws` on line `index` when that line is unchanged. */
function keepingTrailing(original, oldWs, oldBlock, newBlock, nth, ws) {
  const oldLines = oldBlock.split('\n');
  const index = oldLines
    .map((l, i) => (l.trim() === '' ? -1 : i))
    .filter((i) => i >= 0)
    .at(nth);
  const newLines = newBlock.split('\n');
  const sameLine = nth >= 0 ? index : newLines.length - (oldLines.length - index);
  // The line new_text leaves unchanged keeps the file's trailing whitespace — found at its position, or, when
  // new_text inserts lines before it, as the one line of new_text with its text.
  let target = newLines[sameLine] === oldLines[index] ? sameLine : -1;
  if (target === -1) {
    const hits = newLines.flatMap((line, i) => (line === oldLines[index] ? [i] : []));
    if (hits.length !== 1) return undefined;
    target = hits[0];
  }
  newLines[target] += ws;
  return replaceOnce(original, oldWs, newLines.join('\n'));
}

export function trailingWhitespace(fx) {
  const out = [];
  const fileSide = [
    [0, 0, '  '],
    [1, 0, TAB],
  ];
  for (const [i, nth, ws] of fileSide) {
    const e = fx.edits[i];
    const oldWs = withTrailing(e.old, nth, ws);
    const original = replaceOnce(fx.text, e.old, oldWs);
    out.push(
      editCase(fx, 'trailing_whitespace', `file-has-it-e${i}`, {
        original,
        edits: [e],
        // Equally right: the unchanged line keeps its trailing whitespace; or, when old_text still occurs exactly
        // (the whitespace ends it), the whitespace stays after the replacement.
        expect: lands(
          replaceOnce(original, oldWs, e.new),
          keepingTrailing(original, oldWs, e.old, e.new, nth, ws) ?? replaceOnce(original, oldWs, e.new),
          count(original, e.old) === 1
            ? replaceOnce(original, e.old, e.new)
            : replaceOnce(original, oldWs, e.new),
        ),
        note: `the file has trailing ${ws === TAB ? 'tab' : 'spaces'} the model's old_text lacks`,
      }),
    );
  }
  for (const [i, nth, ws] of [
    [0, 0, ' '],
    [2, -1, '  '],
  ]) {
    const e = fx.edits[i];
    out.push(
      editCase(fx, 'trailing_whitespace', `model-adds-it-e${i}`, {
        edits: [{ old: withTrailing(e.old, nth, ws), new: e.new }],
        expect: lands(replaceOnce(fx.text, e.old, e.new)),
        note: "the model's old_text has trailing spaces the file lacks",
      }),
    );
  }
  const e0 = fx.edits[0];
  const oldWs = withTrailing(e0.old, 0, '  ');
  const original = replaceOnce(fx.text, e0.old, oldWs);
  out.push(
    landingPatch(
      fx,
      'trailing_whitespace',
      'patch-file-has-it',
      original,
      hunkFor(fx.text, e0.old, e0.new),
      undefined,
      "the hunk's lines lack the file's trailing spaces",
    ),
  );
  return out;
}

/** Edits whose block is indented in the file (there is a base to drift from), spaces only. */
const indentedEdits = (fx) =>
  fx.edits.map((e, i) => ({ e, i, base: baseIndent(e.old) })).filter(({ base }) => base !== '');

export function indentationShift(fx) {
  if (fx.unit === TAB) return [];
  const out = [];
  const eligible = indentedEdits(fx);
  for (const { e, i, base } of eligible) {
    if (!allStartWith(e.new, base)) continue;
    out.push(
      editCase(fx, 'indentation_shift', `dedented-e${i}`, {
        edits: [{ old: stripBase(e.old, base), new: stripBase(e.new, base) }],
        expect: lands(replaceOnce(fx.text, e.old, e.new)),
        note: 'the model copied the block without its base indentation',
      }),
    );
  }
  if (eligible[0]) {
    const { e, i } = eligible[0];
    out.push(
      editCase(fx, 'indentation_shift', `one-level-deeper-e${i}`, {
        edits: [{ old: indentMore(e.old, fx.unit), new: indentMore(e.new, fx.unit) }],
        expect: lands(replaceOnce(fx.text, e.old, e.new)),
        note: 'the model indented the whole block one level too deep',
      }),
    );
  }
  const other = otherUnit(fx.unit);
  for (const { e, i } of eligible.slice(1)) {
    const old = convertUnit(e.old, fx.unit, other);
    const replacement = convertUnit(e.new, fx.unit, other);
    if (old === undefined || replacement === undefined) continue;
    out.push(
      editCase(fx, 'indentation_shift', `rescaled-e${i}`, {
        edits: [{ old, new: replacement }],
        expect: lands(replaceOnce(fx.text, e.old, e.new)),
        note: `the model wrote ${other.length} spaces per level where the file has ${fx.unit.length}`,
      }),
    );
  }
  if (eligible[0]) {
    const { e } = eligible[0];
    out.push(
      patchCase(fx, 'indentation_shift', 'patch-one-level-deeper', {
        hunks: [hunkFor(fx.text, e.old, e.new, { shape: (line) => (line.trim() ? fx.unit + line : line) })],
        expect: lands(replaceOnce(fx.text, e.old, e.new)),
        note: 'every line of the hunk one level deeper than the file: added lines must take the file indentation',
      }),
    );
  }
  return out;
}

export function tabsSpaces(fx) {
  const out = [];
  if (fx.unit === TAB) {
    fx.edits.forEach((e, i) => {
      const old = convertUnit(e.old, TAB, '    ');
      const replacement = convertUnit(e.new, TAB, '    ');
      if (old === undefined || replacement === undefined || old === e.old) return;
      out.push(
        editCase(fx, 'tabs_spaces', `spaces-for-tabs-e${i}`, {
          edits: [{ old, new: replacement }],
          expect: lands(replaceOnce(fx.text, e.old, e.new)),
          note: 'the model wrote four spaces where the file has tabs',
        }),
      );
    });
    for (const i of [0, 2]) {
      const e = fx.edits[i];
      out.push(
        patchCase(fx, 'tabs_spaces', `patch-spaces-for-tabs-e${i}`, {
          hunks: [
            hunkFor(fx.text, e.old, e.new, { shape: (line) => convertUnit(line, TAB, '    ') ?? line }),
          ],
          expect: lands(replaceOnce(fx.text, e.old, e.new)),
          note: 'a hunk written with four spaces for a tab-indented file',
        }),
      );
    }
    return out;
  }
  const eligible = indentedEdits(fx);
  if (eligible[0]) {
    const { e, i } = eligible[0];
    const shape = (line) => convertUnit(line, fx.unit, TAB) ?? line;
    const hunk = hunkFor(fx.text, e.old, e.new, { shape });
    // Lines indented by other than whole units (Markdown list continuations) stay as they are: no tab, no case.
    if (hunk.some((line) => line.includes(TAB))) {
      out.push(
        patchCase(fx, 'tabs_spaces', `patch-tabs-for-spaces-e${i}`, {
          hunks: [hunk],
          expect: lands(replaceOnce(fx.text, e.old, e.new)),
          note: 'a hunk written with tabs for a space-indented file',
        }),
      );
    }
    if (['python', 'java', 'rust', 'javascript'].includes(fx.language)) {
      const old = convertUnit(e.old, fx.unit, TAB);
      const replacement = convertUnit(e.new, fx.unit, TAB);
      if (old !== undefined && replacement !== undefined) {
        out.push(
          editCase(fx, 'tabs_spaces', `tabs-for-spaces-e${i}`, {
            edits: [{ old, new: replacement }],
            expect: lands(replaceOnce(fx.text, e.old, e.new)),
            note: 'the model wrote tabs where the file has spaces',
          }),
        );
      }
    }
  }
  return out;
}
