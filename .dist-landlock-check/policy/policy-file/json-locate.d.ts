export interface JsonSyntaxProblem {
    offset: number;
    message: string;
}
export declare function locateJsonError(text: string): JsonSyntaxProblem | undefined;
