// Temporary directories for tests, by their real paths (the tools canonicalize paths, so tests compare
// canonical ones), always removed afterwards.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { onCleanup } from './cleanup.js';

function makeTempDir(prefix: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
}

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A temporary directory removed after the current test. */
export function tempDir(prefix = 'handrail-test-'): string {
  const dir = makeTempDir(prefix);
  onCleanup(() => remove(dir));
  return dir;
}

const shared: string[] = [];
afterAll(() => {
  for (const dir of shared.splice(0)) remove(dir);
});

/**
 * A temporary directory the tests of a file share (made at module or describe level), removed after the
 * file's last test and after the file's own afterAll hooks.
 */
export function sharedTempDir(prefix = 'handrail-test-'): string {
  const dir = makeTempDir(prefix);
  shared.push(dir);
  return dir;
}
