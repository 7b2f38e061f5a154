export interface PolicyCheckIO {
    stdout: {
        write(text: string): unknown;
    };
    stderr: {
        write(text: string): unknown;
    };
    cwd: string;
    env: Record<string, string | undefined>;
}
export declare function runPolicyCheck(argv: string[], io: PolicyCheckIO): Promise<number>;
