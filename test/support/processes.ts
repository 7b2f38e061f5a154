// Process-table helpers shared by the sandbox and shell tests.

/** A sleep duration no other test or process uses, to find its processes in the table. */
export function uniqueSleep(): string {
  return String(100_000 + Math.floor(Math.random() * 800_000));
}

/** Wait (bounded) for a condition the kernel settles asynchronously, such as a reaped process. */
export async function eventually(check: () => boolean, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
