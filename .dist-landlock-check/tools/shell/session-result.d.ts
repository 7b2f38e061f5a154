import type { ToolContext } from '../../types/index.js';
import { type Session } from './session/index.js';
export interface SessionResultOptions {
    yieldTimeMs?: number;
    maxOutputTokens?: number;
    /** Notes for this result only (a warning near the session cap, a capped timeout, ...). */
    notes?: string[];
}
/** Waits on the session as the model asked and formats what it produced. Aborting kills the command. */
export declare function waitAndFormat(session: Session, ctx: ToolContext, opts: SessionResultOptions): Promise<string>;
