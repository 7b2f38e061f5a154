import { DEFAULT_LIMITS } from '../output/index.js';
import { DEFAULT_RETRY_BUDGET } from './retry-budget.js';
export const DEFAULT_RUNTIME_LIMITS = {
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
/** Limits where Infinity means "no limit". */
const UNBOUNDED_OK = new Set(['toolTimeoutMs', 'hookTimeoutMs', 'permissionTimeoutMs', 'maxCallsPerTurn']);
/**
 * Merge user limits over the defaults. `undefined` keeps the default; anything that is not a positive number
 * (or Infinity where that means "none") is a programmer error, reported with every problem at once.
 */
export function resolveLimits(given = {}) {
    const problems = [];
    const pick = (defaults, values, prefix) => {
        const out = { ...defaults };
        for (const [key, value] of Object.entries(values ?? {})) {
            if (value === undefined)
                continue;
            if (!(key in defaults)) {
                problems.push(`${prefix}${key} is not a limit`);
                continue;
            }
            const valid = typeof value === 'number' &&
                value > 0 &&
                (Number.isFinite(value)
                    ? key.endsWith('Ms')
                        ? true
                        : Number.isInteger(value)
                    : UNBOUNDED_OK.has(key));
            if (!valid)
                problems.push(`${prefix}${key} must be a positive ${key.endsWith('Ms') ? 'number' : 'integer'} (got ${String(value)})`);
            else
                out[key] = value;
        }
        return out;
    };
    const { output, retryBudget, ...flat } = given;
    const { output: _o, retryBudget: _r, ...flatDefaults } = DEFAULT_RUNTIME_LIMITS;
    const limits = {
        ...pick(flatDefaults, flat, ''),
        output: pick({ ...DEFAULT_LIMITS }, output, 'output.'),
        retryBudget: pick({ ...DEFAULT_RETRY_BUDGET }, retryBudget, 'retryBudget.'),
    };
    if (problems.length > 0)
        throw new RangeError(`Invalid handrail limits: ${problems.join('; ')}.`);
    return limits;
}
//# sourceMappingURL=limits.js.map