// The built store (dist/), where the compiled worker lives: the worker path is tested against it. The test
// suite builds dist/ before vitest runs (`npm test`); without it those tests are skipped, saying why.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type StoreModule = typeof import('../../src/store/index.js');

const entry = new URL('../../dist/store/index.js', import.meta.url);
const worker = new URL('../../dist/store/sqlite-worker.js', import.meta.url);

export const built = existsSync(fileURLToPath(entry)) && existsSync(fileURLToPath(worker));
if (!built)
  console.warn('dist/store (with sqlite-worker.js) is missing: run `npm run build` for the worker tests.');

export const dist: StoreModule | undefined = built ? ((await import(entry.href)) as StoreModule) : undefined;
