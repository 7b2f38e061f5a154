import { DEFAULT_LIMITS, type ProjectionLimits } from '../output/index.js';
import { DEFAULT_RETRY_BUDGET, type RetryBudgetLimits } from './retry-budget.js';

export interface RuntimeLimits {
  /** Raw arguments larger than this are refused before parsing (default 1 MiB). */
  maxArgumentBytes: number;
  /** Default per-call timeout (default 5 min); a tool may set its own. Infinity: none. */
  toolTimeoutMs: number;
  /** How long an aborted tool may take to clean up before its result returns (default 2 s). */
  abortGraceMs: number;
  /** How long a hook or a Standard Schema validator may take (default 30 s). */
  hookTimeoutMs: number;
  /** How long the permission stage may take, approvals included (default 10 min). */
  permissionTimeoutMs: number;
  /** The model-visible output bound (default 32 KiB / 2,000 lines). */
  output: ProjectionLimits;
  /** Images one result may carry, and the size of each in bytes (default 8, 5 MiB). */
  maxImages: number;
  maxImageBytes: number;
  /** Calls one turn may make (default 500). */
  maxCallsPerTurn: number;
  /** Read-only calls of a batch that run at once (default 8). */
  batchConcurrency: number;
  retryBudget: RetryBudgetLimits;
}

export const DEFAULT_RUNTIME_LIMITS: RuntimeLimits = {
  maxArgumentBytes: 1024 * 1024,
  toolTimeoutMs: 5 * 60 * 1000,
  abortGraceMs: 2000,
  hookTimeoutMs: 30_000,
  permissionTimeoutMs: 10 * 60 * 1000,
  output: DEFAULT_LIMITS,
  maxImages: 8,
  maxImageBytes: 5 * 1024 * 1024,
  maxCallsPerTurn: 500,
  batchConcurrency: 8,
  retryBudget: DEFAULT_RETRY_BUDGET,
};

type Partialish = Partial<Omit<RuntimeLimits, 'output' | 'retryBudget'>> & {
  output?: Partial<ProjectionLimits>;
  retryBudget?: Partial<RetryBudgetLimits>;
};

/** Limits where Infinity means "no limit". */
const UNBOUNDED_OK = new Set(['toolTimeoutMs', 'hookTimeoutMs', 'permissionTimeoutMs', 'maxCallsPerTurn']);

/**
 * Merge user limits over the defaults. `undefined` keeps the default; anything that is not a positive number
 * (or Infinity where that means "none") is a programmer error, reported with every problem at once.
 */
export function resolveLimits(given: Partialish = {}): RuntimeLimits {
  const problems: string[] = [];
  const pick = <T extends Record<string, number>>(
    defaults: T,
    values: Partial<T> | undefined,
    prefix: string,
  ): T => {
    const out = { ...defaults };
    for (const [key, value] of Object.entries(values ?? {})) {
      if (value === undefined) continue;
      if (!(key in defaults)) {
        problems.push(`${prefix}${key} is not a limit`);
        continue;
      }
      const valid =
        typeof value === 'number' &&
        value > 0 &&
        (Number.isFinite(value)
          ? key.endsWith('Ms')
            ? true
            : Number.isInteger(value)
          : UNBOUNDED_OK.has(key));
      if (!valid)
        problems.push(
          `${prefix}${key} must be a positive ${key.endsWith('Ms') ? 'number' : 'integer'} (got ${String(value)})`,
        );
      else (out as Record<string, number>)[key] = value;
    }
    return out;
  };
  const { output, retryBudget, ...flat } = given;
  const { output: _o, retryBudget: _r, ...flatDefaults } = DEFAULT_RUNTIME_LIMITS;
  const limits: RuntimeLimits = {
    ...pick(flatDefaults, flat, ''),
    output: pick({ ...DEFAULT_LIMITS }, output, 'output.'),
    retryBudget: pick({ ...DEFAULT_RETRY_BUDGET }, retryBudget, 'retryBudget.'),
  };
  if (problems.length > 0) throw new RangeError(`Invalid handrail limits: ${problems.join('; ')}.`);
  return limits;
}
