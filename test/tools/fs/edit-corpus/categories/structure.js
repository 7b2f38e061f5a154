// Indentation drift WITH a structure change, in indentation-significant files: old_text's lines match the
// file once indentation is ignored, but their relative indentation disagrees with it (a line moved into or
// out of a block). Applying the edit would change what the code means, so it must be refused, naming the
// lines where the file's block really is.
import { editCase, patchCase, refuses } from '../build.js';
import { hunkFromModel, looseMatches } from '../patches.js';
import { count } from '../text.js';

export function indentationStructure(fx) {
  if (!fx.significant) return [];
  const out = [];
  (fx.structure ?? []).forEach((s, i) => {
    const where = looseMatches(fx.text, s.old.split('\n'));
    if (where.length !== 1 || count(fx.text, s.old) !== 0) {
      throw new Error(`corpus: ${fx.language} structure[${i}] must match once, and only leniently`);
    }
    out.push(
      editCase(fx, 'indentation_structure', `s${i}`, {
        edits: [s],
        expect: refuses(where[0]),
        note: 'old_text nests a line differently from the file',
      }),
    );
    out.push(
      patchCase(fx, 'indentation_structure', `patch-s${i}`, {
        hunks: [hunkFromModel(s.old, s.new)],
        expect: refuses(where[0]),
        note: 'the hunk nests a line differently from the file',
      }),
    );
  });
  return out;
}
