import type { HandrailEvent } from '../types/index.js';
/** Largest payload kept verbatim; bigger ones keep a head and their size (the full output lives elsewhere). */
export declare const DEFAULT_MAX_PAYLOAD_BYTES: number;
export interface ApprovalFields {
    requestId: string;
    requestKey: string | null;
    tool: string | null;
    action: string | null;
    summary: string | null;
    rule: string | null;
    suggestedRule: string | null;
    decision: string | null;
    decidedBy: string | null;
    feedback: string | null;
    durationMs: number | null;
}
/** What one event writes: its `events` row plus what its type implies for the other tables. */
export interface EventRow {
    session: string;
    seq: number;
    ts: number;
    type: string;
    threadId: string;
    turnId: string;
    callId: string | null;
    payload: string;
    turnStarted?: true;
    turnEnded?: {
        calls: number | null;
    };
    output?: {
        path: string;
        bytes: number;
    };
    approvalOpened?: ApprovalFields;
    approvalResolved?: ApprovalFields;
}
export declare function toRow(event: HandrailEvent, session: string, maxPayloadBytes: number): EventRow;
/**
 * JSON that never throws: BigInts become strings, cycles and throwing getters leave a note, and a payload
 * past the cap keeps its head as a string so the row stays bounded.
 */
export declare function serialize(value: unknown, maxBytes: number): string;
