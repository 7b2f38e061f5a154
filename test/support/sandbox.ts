// Whether the real OS sandbox can be tested here. Importing this module probes bwrap once (it runs `true`
// in a sandbox), so only tests that need the answer import it.
import { selectBackend } from '../../src/sandbox/backends/index.js';
import { findExecutable } from '../../src/sandbox/process/executables.js';

/** bwrap is installed and can make its namespaces here. */
export const bwrapReady = (await selectBackend('bwrap')).status().state !== 'unavailable';

/** bwrap is installed (it may still be unable to run). */
export const bwrapInstalled = findExecutable('bwrap') !== undefined;
