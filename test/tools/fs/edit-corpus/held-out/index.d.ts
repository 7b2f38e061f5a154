// Types of index.js (plain JavaScript, like corpus.js).
import type { Category, CorpusCase, LandExpectation, RefuseExpectation } from '../corpus.js';

export type HeldOutCategory = Category | 'content_drift';

export interface HeldOutCase extends Omit<CorpusCase, 'category' | 'expect'> {
  category: HeldOutCategory;
  expect: LandExpectation | (RefuseExpectation & { acceptLanding?: string[] });
  /** The expectation follows issue 16's goal where docs/tools.md promises less. */
  outsideDocs?: boolean;
}

export declare const HELD_OUT_CATEGORIES: HeldOutCategory[];
export declare function loadHeldOut(): HeldOutCase[];
