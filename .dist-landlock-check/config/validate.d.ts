export interface SchemaProblem {
    /** JSON pointer of the value (`/network/mode`). */
    pointer: string;
    /** The problem is the property name itself (an unknown key): locate the name, not its value. */
    onKey: boolean;
    message: string;
}
/** Schema problems of a parsed configuration, in document order; empty when valid. */
export declare function configSchemaProblems(value: unknown): SchemaProblem[];
