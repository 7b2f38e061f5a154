// Types of corpus.js (plain JavaScript, so bench/edit-corpus.js can load it without a build step).

export type Category =
  | 'exact'
  | 'trailing_whitespace'
  | 'indentation_shift'
  | 'indentation_structure'
  | 'unicode'
  | 'line_endings'
  | 'ambiguous'
  | 'wrong_place'
  | 'stale'
  | 'multi_edit'
  | 'weak_context'
  | 'tabs_spaces';

/** The edit must land: the file afterwards is `file` (or one of `alsoAccept`), byte for byte. */
export interface LandExpectation {
  file: string;
  alsoAccept?: string[];
}

/** The edit must be refused, the file unchanged; the refusal should name `lines` (1-based). */
export interface RefuseExpectation {
  refuse: true;
  lines: number[];
}

export interface CorpusCase {
  /** `language/category/variant`. */
  id: string;
  category: Category;
  language: string;
  tool: 'edit_file' | 'apply_patch';
  /** The file's path, relative to the case's directory (the turn's cwd). */
  file: string;
  /** The file as the model read it. */
  original: string;
  /** The file when the edit arrives, when someone changed it after the model's read. */
  current?: string;
  /** Whether the model read the file (read_file) in the same turn before it changed. */
  readFirst?: boolean;
  /** The tool's arguments, as the model sends them. */
  args: Record<string, unknown> & { path?: string; edits?: Array<Record<string, unknown>>; patch?: string };
  expect: LandExpectation | RefuseExpectation;
  /** What the model did, in words. */
  note: string;
}

export declare const CATEGORIES: Category[];
export declare const FIXTURES: ReadonlyArray<{ language: string; file: string; significant: boolean }>;
export declare function loadCorpus(): CorpusCase[];
