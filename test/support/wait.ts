// Waiting for something a test cannot await directly (a timer flush, a process's output).

/** Resolves once `check` holds (checked every 10 ms); fails after `limitMs`, naming what it waited for. */
export async function until(check: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
