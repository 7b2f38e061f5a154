import type { ToolSpec } from '../types/index.js';
export declare const REQUEST_TOOLS = "request_tools";
export type { VisibilityControl } from './capabilities.js';
/**
 * The in-turn way to grow visibility: reveals every registered tool of the named domains for the rest of
 * the turn and answers in compact text, without schemas (the next provider round carries them).
 */
export declare function requestToolsTool(): ToolSpec;
