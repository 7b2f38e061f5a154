// Line endings and byte-order marks: CRLF, a UTF-8 BOM, both, and old-Mac lone-CR files. The model sends
// LF text (or, having copied them, CRLF); the edit must land and the file must keep its BOM and its endings.
import { editCase, lands, patchCase } from '../build.js';
import { hunkFor } from '../patches.js';
import { BOM, replaceOnce, toCR, toCRLF } from '../text.js';

const ENCODINGS = {
  crlf: { wrap: toCRLF, says: 'CRLF line endings' },
  bom: { wrap: (t) => BOM + t, says: 'a UTF-8 byte-order mark' },
  'bom-crlf': { wrap: (t) => BOM + toCRLF(t), says: 'a byte-order mark and CRLF line endings' },
  cr: { wrap: toCR, says: 'lone-CR (classic Mac) line endings' },
};

/** Which fixtures get which encoding, with the edit used. */
const PLAN = [
  { kind: 'crlf', edit: 0, languages: 'all' },
  { kind: 'crlf', edit: 1, languages: ['python', 'typescript', 'java', 'c'], modelSendsCRLF: true },
  {
    kind: 'bom',
    edit: 1,
    languages: ['typescript', 'javascript', 'json', 'java', 'c', 'markdown', 'python', 'yaml'],
  },
  { kind: 'bom-crlf', edit: 2, languages: ['java', 'c', 'typescript', 'markdown', 'json'] },
  { kind: 'cr', edit: 0, languages: ['markdown', 'shell', 'c', 'python', 'yaml'] },
];
const PATCH_PLAN = [
  { kind: 'crlf', edit: 0, languages: ['python', 'go', 'java', 'rust', 'json', 'markdown'] },
  { kind: 'bom', edit: 1, languages: ['typescript', 'json', 'java', 'c'] },
  { kind: 'cr', edit: 0, languages: ['markdown', 'c'] },
];

const applies = (plan, fx) => plan.languages === 'all' || plan.languages.includes(fx.language);

export function lineEndings(fx) {
  const out = [];
  for (const plan of PLAN.filter((p) => applies(p, fx))) {
    const { wrap, says } = ENCODINGS[plan.kind];
    const e = fx.edits[plan.edit];
    const edit = plan.modelSendsCRLF ? { old: toCRLF(e.old), new: toCRLF(e.new) } : e;
    out.push(
      editCase(
        fx,
        'line_endings',
        `${plan.kind}${plan.modelSendsCRLF ? '-model-sends-crlf' : ''}-e${plan.edit}`,
        {
          original: wrap(fx.text),
          edits: [edit],
          expect: lands(wrap(replaceOnce(fx.text, e.old, e.new))),
          note: `the file has ${says}; the model sends ${plan.modelSendsCRLF ? 'CRLF' : 'LF'} text`,
        },
      ),
    );
  }
  for (const plan of PATCH_PLAN.filter((p) => applies(p, fx))) {
    const { wrap, says } = ENCODINGS[plan.kind];
    const e = fx.edits[plan.edit];
    out.push(
      patchCase(fx, 'line_endings', `patch-${plan.kind}-e${plan.edit}`, {
        original: wrap(fx.text),
        hunks: [hunkFor(fx.text, e.old, e.new)],
        expect: lands(wrap(replaceOnce(fx.text, e.old, e.new))),
        note: `the file has ${says}; the hunk is LF text`,
      }),
    );
  }
  return out;
}
