import type { Approver } from '../approval/types.js';
export interface TerminalApproverOptions {
    input?: NodeJS.ReadableStream;
    output?: NodeJS.WritableStream;
    /** Color the header (default: when the output is a TTY and NO_COLOR is unset). */
    color?: boolean;
}
export declare function terminalApprover(options?: TerminalApproverOptions): Approver;
