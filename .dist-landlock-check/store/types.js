export const DEFAULT_QUERY_LIMIT = 1_000;
export const MAX_QUERY_LIMIT = 100_000;
export function queryLimit(limit) {
    if (limit === undefined || !Number.isFinite(limit))
        return DEFAULT_QUERY_LIMIT;
    return Math.max(1, Math.min(MAX_QUERY_LIMIT, Math.floor(limit)));
}
//# sourceMappingURL=types.js.map