// Timing helpers shared by the benchmarks: medians of repeated runs after a short warm-up.
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median milliseconds of `runs` awaited calls of `once`, after three warm-up calls. */
export async function timeRuns(runs, once) {
  for (let i = 0; i < 3; i++) await once();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
