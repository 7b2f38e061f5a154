// Helpers for writing held-out cases by hand. Each case states what it expects directly: the expected file is
// the original with the change the model meant made by exact replacement (`swap`), and the lines a refusal
// must name are found by their text (`lineOf`), so no expectation depends on counting lines by eye.

/** `from`, which must occur exactly once in `text`, replaced by `to`. */
export function swap(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    throw new Error(`held-out: ${JSON.stringify(from.slice(0, 80))} must occur exactly once`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Several swaps in turn, each of a text found once at that point. */
export const swaps = (text, pairs) => pairs.reduce((out, [from, to]) => swap(out, from, to), text);

/** The 1-based line where the `nth` occurrence of `needle` starts (any line ending counts). */
export function lineOf(text, needle, nth = 1) {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`held-out: ${JSON.stringify(needle)} has no occurrence ${nth}`);
  }
  return text.slice(0, at).split(/\r\n|\r|\n/).length;
}

/** The 1-based number of the `nth` line that starts with `prefix`. */
export function lineStarting(text, prefix, nth = 1) {
  const lines = text.split(/\r\n|\r|\n/);
  let seen = 0;
  for (let i = 0; i < lines.length; i++) if (lines[i].startsWith(prefix) && ++seen === nth) return i + 1;
  throw new Error(`held-out: no line ${nth} starts with ${JSON.stringify(prefix)}`);
}

export const BOM = '\uFEFF';
export const crlf = (text) => text.replaceAll('\n', '\r\n');
export const cr = (text) => text.replaceAll('\n', '\r');
/** Trailing spaces made visible in the source: '␠' stands for one space. */
export const sp = (text) => text.replaceAll('␠', ' ');

/** A Codex patch updating one file; `body` holds the hunks (`@@` lines and prefixed lines). */
export const patchOf = (file, body) =>
  `*** Begin Patch\n*** Update File: ${file}\n${body.endsWith('\n') ? body : `${body}\n`}*** End Patch`;

/** The edit must land; the file afterwards is `file` or one of `alsoAccept`. */
export const lands = (file, ...alsoAccept) => (alsoAccept.length ? { file, alsoAccept } : { file });

/** The edit must be refused, the file unchanged, and the refusal must name `lines`. */
export const refuses = (...lines) => ({ refuse: true, lines });

/**
 * Refusing (naming `lines`) is right, and so is landing exactly as one of `landings`: the model's intent is
 * unambiguous but the documented behaviour refuses it.
 */
export const refusesOrLands = (landings, ...lines) => ({ refuse: true, lines, acceptLanding: landings });

function base(category, language, variant, spec) {
  const { file, original, current, readFirst, expect, note, outsideDocs } = spec;
  return {
    id: `held-out/${language}/${category}/${variant}`,
    category,
    language,
    file,
    original,
    ...(current === undefined ? {} : { current }),
    ...(readFirst ? { readFirst: true } : {}),
    expect,
    note,
    ...(outsideDocs ? { outsideDocs: true } : {}),
  };
}

/** An edit_file case; `edits` are `[old_text, new_text, replace_all?]`. */
export function editCase(category, language, variant, spec) {
  return {
    ...base(category, language, variant, spec),
    tool: 'edit_file',
    args: {
      path: spec.file,
      edits: spec.edits.map(([old_text, new_text, all]) => ({
        old_text,
        new_text,
        ...(all ? { replace_all: true } : {}),
      })),
    },
  };
}

/** An apply_patch case; `body` is the hunks of one `*** Update File` section for `spec.file`. */
export function patchCase(category, language, variant, spec) {
  return {
    ...base(category, language, variant, spec),
    tool: 'apply_patch',
    args: { patch: patchOf(spec.file, spec.body) },
  };
}
