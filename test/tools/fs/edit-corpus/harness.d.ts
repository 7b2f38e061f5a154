// Types of harness.js (plain JavaScript, shared with bench/edit-corpus.js).
import type { Runtime } from '../../../../src/index.js';
import type { Category, CorpusCase } from './corpus.js';

export type Outcome = 'landed' | 'wrong' | 'missed' | 'held' | 'broken' | 'unsupported';

export interface Run {
  before: Buffer;
  after: Buffer;
  isError: boolean;
  message: string;
}

export interface Verdict {
  outcome: Outcome;
  /** For held refusals: the message refers to some line. */
  namesLine?: boolean;
  /** For held refusals: the message refers to every expected line. */
  namesCandidate?: boolean;
  /** The file afterwards, when it changed wrongly. */
  got?: string;
  message?: string;
}

export interface Judged {
  c: CorpusCase;
  verdict: Verdict;
}

export interface Tally {
  shouldLand: number;
  landed: number;
  wrong: number;
  missed: number;
  shouldRefuse: number;
  held: number;
  broken: number;
  namesLine: number;
  namesCandidate: number;
  unsupported: number;
}

export declare const OUTCOMES: Record<Outcome, string>;
export declare function runHandrailCase(
  runtime: Pick<Runtime, 'beginTurn'>,
  dir: string,
  c: CorpusCase,
): Promise<Run>;
export declare function runHandrailCases(
  handrail: Pick<typeof import('../../../../src/index.js'), 'createRuntime' | 'builtinTools'>,
  root: string,
  cases: readonly CorpusCase[],
): Promise<Run[]>;
export declare function piArguments(c: CorpusCase): Record<string, unknown> | undefined;
export declare function runPiCase(
  createEditTool: (cwd: string) => { execute(...args: unknown[]): Promise<unknown> },
  dir: string,
  c: CorpusCase,
): Promise<Run | undefined>;
export declare function lineRefs(message: string): Array<[number, number]>;
export declare function judge(c: CorpusCase, run: Run | undefined): Verdict;
export declare function tally(judged: Judged[]): Map<Category | 'total', Tally>;
export declare function describeFailure(c: CorpusCase, verdict: Verdict): string;
export declare function failsGoals(verdict: Verdict): boolean;
