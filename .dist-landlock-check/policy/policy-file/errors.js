// A policy file that cannot be loaded: every problem names the file, the JSON path and what is wrong.
export class PolicyLoadError extends Error {
    file;
    problems;
    name = 'PolicyLoadError';
    constructor(
    /** The file path, or 'inline' for a policy object given in code. */
    file, problems) {
        super(problems.length === 1
            ? `${file}: ${problems[0].path}: ${problems[0].message}`
            : `${file}: ${problems.length} problems:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
        this.file = file;
        this.problems = problems;
    }
}
//# sourceMappingURL=errors.js.map