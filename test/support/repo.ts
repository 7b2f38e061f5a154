// Paths into this repository, for tests that run the built package (dist/) or read its files.
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The built command line (`npm run build` makes it; `npm test` builds first). */
export const cliBin = path.join(repoRoot, 'dist', 'cli', 'main.js');
