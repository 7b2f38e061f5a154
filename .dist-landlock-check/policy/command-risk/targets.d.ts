import { type Verdict } from './types.js';
/**
 * null when the write is harmless, a dangerous verdict for devices and system files, otherwise the
 * 'unknown' verdict built by `otherwise`.
 */
export declare function judgeWriteTarget(path: string, how: string, otherwise: () => Verdict): Verdict | null;
