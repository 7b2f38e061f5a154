import { type Found, type MatchText } from './matchers.js';
/** `old_text matches 3 places in src/app.ts (lines 10, 42, 97); add surrounding lines ... ` */
export declare function describeAmbiguous(text: string, found: Found[], display: string, note?: string): string;
/** The not-found message: the closest candidate with line numbers and what differs. */
export declare function describeNotFound(source: MatchText, needle: string, display: string): string;
