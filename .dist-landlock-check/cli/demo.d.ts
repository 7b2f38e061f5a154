import { type RuntimeOptions } from '../core/index.js';
/**
 * `handrail demo`: one scripted turn of raw model calls through the real pipeline, printing what the model
 * would see for each — the quickest way to watch routing, repair, validation, hooks, projection and
 * outcomes at work, under the effective configuration.
 */
export declare function runDemo(write: (text: string) => void, configured?: RuntimeOptions): Promise<number>;
