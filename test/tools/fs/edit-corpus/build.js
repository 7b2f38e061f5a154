// Case constructors shared by the category generators. A case is plain data: the file as it is on disk, the
// tool call the model sends, and either the exact file expected afterwards or an expected refusal with the
// lines (1-based) the refusal should name.
import { patchOf } from './patches.js';

/** The expectation of an edit that must land: the file exactly, or one of a few equally right versions. */
export const lands = (file, ...alsoAccept) => {
  const others = [...new Set(alsoAccept)].filter((f) => f !== file);
  return others.length > 0 ? { file, alsoAccept: others } : { file };
};

/** The expectation of an edit that must be refused; `lines` are where the closest candidates are. */
export const refuses = (...lines) => ({
  refuse: true,
  lines: [...new Set(lines.flat())].sort((a, b) => a - b),
});

function base(fx, category, variant, spec) {
  const c = {
    id: `${fx.language}/${category}/${variant}`,
    category,
    language: fx.language,
    file: spec.file ?? fx.file,
    original: spec.original ?? fx.text,
    expect: spec.expect,
    note: spec.note,
  };
  if (spec.current !== undefined) c.current = spec.current;
  if (spec.readFirst) c.readFirst = true;
  return c;
}

/** An edit_file call; `edits` are `{ old, new, all? }`. */
export function editCase(fx, category, variant, spec) {
  const c = base(fx, category, variant, spec);
  c.tool = 'edit_file';
  c.args = {
    path: c.file,
    edits: spec.edits.map((e) =>
      e.all ? { old_text: e.old, new_text: e.new, replace_all: true } : { old_text: e.old, new_text: e.new },
    ),
  };
  return c;
}

/** An apply_patch call updating the case's file with `hunks` (arrays of lines, each starting with @@). */
export function patchCase(fx, category, variant, spec) {
  const c = base(fx, category, variant, spec);
  c.tool = 'apply_patch';
  c.args = { patch: patchOf(c.file, spec.hunks) };
  return c;
}
