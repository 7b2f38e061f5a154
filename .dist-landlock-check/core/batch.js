/**
 * Run a batch the way a model expects it to behave: read-only calls run concurrently (up to `concurrency`),
 * a mutating call waits for everything before it and holds back everything after it, and results come back
 * in the model's order. Once `signal` aborts, calls not yet started are still run through `runOne` (which
 * turns them into `cancelled` results) so every call gets its events and a result.
 */
export async function runBatch(calls, isReadOnly, runOne, concurrency) {
    const results = new Array(calls.length);
    let group = [];
    const drain = async () => {
        let next = 0;
        const worker = async () => {
            while (next < group.length) {
                const item = group[next++];
                results[item.index] = await runOne(item.call);
            }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, group.length) }, worker));
        group = [];
    };
    for (let index = 0; index < calls.length; index++) {
        const call = calls[index];
        if (isReadOnly(call)) {
            group.push({ index, call });
            continue;
        }
        if (group.length > 0)
            await drain();
        results[index] = await runOne(call);
    }
    if (group.length > 0)
        await drain();
    return results;
}
//# sourceMappingURL=batch.js.map