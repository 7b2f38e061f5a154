export interface PolicyProblem {
    /** JSON path in the file (`rules[2].decision`), or `(file)` for the file as a whole. */
    path: string;
    message: string;
}
export declare class PolicyLoadError extends Error {
    /** The file path, or 'inline' for a policy object given in code. */
    readonly file: string;
    readonly problems: PolicyProblem[];
    readonly name = "PolicyLoadError";
    constructor(
    /** The file path, or 'inline' for a policy object given in code. */
    file: string, problems: PolicyProblem[]);
}
