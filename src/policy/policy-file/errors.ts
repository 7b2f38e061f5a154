// A policy file that cannot be loaded: every problem names the file, the JSON path and what is wrong.

export interface PolicyProblem {
  /** JSON path in the file (`rules[2].decision`), or `(file)` for the file as a whole. */
  path: string;
  message: string;
}

export class PolicyLoadError extends Error {
  override readonly name = 'PolicyLoadError';
  constructor(
    /** The file path, or 'inline' for a policy object given in code. */
    readonly file: string,
    readonly problems: PolicyProblem[],
  ) {
    super(
      problems.length === 1
        ? `${file}: ${problems[0]!.path}: ${problems[0]!.message}`
        : `${file}: ${problems.length} problems:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`,
    );
  }
}
