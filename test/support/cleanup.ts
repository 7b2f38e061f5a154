// One after-test cleanup list per test file, shared by every helper, so what a test made is undone in the
// reverse order it was made (a runtime closes before its workspace is removed).
import { afterEach } from 'vitest';

const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Run `fn` after the current test; the last one registered runs first. */
export function onCleanup(fn: () => unknown): void {
  cleanups.push(fn);
}
