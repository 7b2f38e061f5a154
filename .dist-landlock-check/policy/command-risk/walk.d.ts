import { type Found, type Report } from './analyze.js';
/** Longest command line parsed; longer ones are 'unknown' without parsing. */
export declare const MAX_SOURCE_LENGTH: number;
export declare function scanScript(source: string, report: Report, depth?: number): Found[];
