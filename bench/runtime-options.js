// Options every benchmark runtime shares: the benches measure tools, not approvals, so nothing asks and no
// rate limit stops a loop of thousands of calls.
export const BENCH_RUNTIME = { profile: 'full_access', rateLimits: false };
