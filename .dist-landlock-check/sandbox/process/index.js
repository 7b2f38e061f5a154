export { buildCommandEnv, DEFAULT_PATH, envRefusalMessage, envRefusalReason, HOST_ENV_ALLOWLIST, LOCALE_VARS, NON_TTY_ENV, RUN_MARKER_VAR, sandboxPath, } from './env.js';
export { killTree } from './kill-tree.js';
export { buildProcessSpawnPlan, DEFAULT_TIMEOUT_CAP_MS, DEFAULT_TIMEOUT_MS } from './plan.js';
export { descendantsOf, isAlive, readProcessTable } from './proc-table.js';
export { DEFAULT_RLIMITS, resolveRlimits } from './rlimits.js';
export { commandSizeProblem, MAX_COMMAND_BYTES, SUPPORTED_SHELLS, shellArgv } from './shell.js';
export { spawnPlanned, } from './spawn.js';
//# sourceMappingURL=index.js.map