import { buildEvidence } from '../output/index.js';
import type { Repair } from '../schema/index.js';
import type { ToolContent, ToolOutcome, ToolResult, ToolReturn, ToolUpdate } from '../types/index.js';
import type { ProjectionInfo } from './projection.js';
/** Turn whatever a tool returned into a ToolResult (before hooks and projection). */
export declare function resultFromReturn(call: {
    id: string;
    name: string;
}, value: ToolReturn | unknown): ToolResult;
/** The outcome of a result whose isError flag is known, keeping what the tool said about it. */
export declare function outcomeOf(isError: boolean, given?: Partial<ToolOutcome>): ToolOutcome;
/** Normalize content: strings become a text part, malformed parts are rendered as text, never dropped. */
export declare function toContent(value: unknown): ToolContent[];
/** A progress update as events and callers receive it. */
export declare function normalizeUpdate(update: ToolUpdate): {
    content?: ToolContent[];
    details?: Record<string, unknown>;
};
/** Pipeline facts go beside the tool's own details: repairs, projection and recovery evidence. */
export declare function attachDetails(result: ToolResult, repairs: Repair[], projection: ProjectionInfo | undefined): void;
/** Recovery evidence for an error result: class, excerpt and a fingerprint that matches repeat failures. */
export declare function evidenceFor(result: ToolResult): ReturnType<typeof buildEvidence>;
/** The timeline's view of a result: what the completed event carries. */
export declare function timelineView(result: ToolResult, durationMs: number, repairs: Repair[], projection: ProjectionInfo | undefined): Record<string, unknown>;
/** The raw arguments as the started event carries them. */
export declare function previewArguments(raw: unknown): string | undefined;
