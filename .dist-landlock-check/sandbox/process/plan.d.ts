import type { ProcessSpawnContext, ProcessSpawnInput, ProcessSpawnPlanResult } from './types.js';
export declare const DEFAULT_TIMEOUT_MS = 60000;
export declare const DEFAULT_TIMEOUT_CAP_MS = 600000;
/**
 * Turn a model's request to run a command into a spawn plan: the shell argv, a filtered environment with a
 * fresh HOME, a checked working directory, a capped timeout, and the backend's wrapping. Every refusal is
 * a result with an error class and a message that says what to change.
 */
export declare function buildProcessSpawnPlan(input: ProcessSpawnInput, ctx: ProcessSpawnContext): Promise<ProcessSpawnPlanResult>;
