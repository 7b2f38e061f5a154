import type { HandrailEvent } from '../types/index.js';
export interface TimelineState {
    /** thread\0turn of the last event printed, to know when a new turn header is due. */
    turnKey?: string;
}
export declare function timelineState(): TimelineState;
export interface RenderOptions {
    /** Show progress events (hidden by default: they are many and the completed line summarizes them). */
    verbose?: boolean;
}
/** The lines one event adds to the timeline (a turn header first when the turn changes). */
export declare function renderEvent(event: HandrailEvent, state: TimelineState, opts?: RenderOptions): string[];
/**
 * Make untrusted text safe for one terminal line: C0/C1 controls, DEL, bidi overrides and isolates,
 * zero-width and line/paragraph separators become visible escapes; long text is cut with an ellipsis.
 */
export declare function clean(text: string, max: number): string;
