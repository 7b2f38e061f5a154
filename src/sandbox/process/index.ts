// Running a command: the spawn plan (shell or program argv, filtered environment, HOME, timeout), rlimits,
// spawning in its own process group, and killing the whole tree; what a program needs to read; and the
// contract a sandbox backend fulfils.
export type {
  BackendStatus,
  SandboxBackend,
  SandboxCommand,
  SandboxIdentity,
  SandboxInfo,
  SandboxPolicy,
  WrapResult,
} from './backend-types.js';
export {
  buildCommandEnv,
  DEFAULT_PATH,
  envRefusalMessage,
  envRefusalReason,
  HOST_ENV_ALLOWLIST,
  LOCALE_VARS,
  NON_TTY_ENV,
  RUN_MARKER_VAR,
  sandboxPath,
} from './env.js';
export { type KillableChild, type KillTreeOptions, type KillTreeReport, killTree } from './kill-tree.js';
export { buildProcessSpawnPlan, DEFAULT_TIMEOUT_CAP_MS, DEFAULT_TIMEOUT_MS } from './plan.js';
export { descendantsOf, isAlive, type ProcInfo, readProcessTable } from './proc-table.js';
export {
  broadPathReason,
  type ProgramReadPaths,
  programReadPaths,
  resolveProgram,
} from './program-paths.js';
export { DEFAULT_RLIMITS, type Rlimits, resolveRlimits } from './rlimits.js';
export {
  argvSizeProblem,
  commandSizeProblem,
  MAX_ARGV_BYTES,
  MAX_COMMAND_BYTES,
  SUPPORTED_SHELLS,
  shellArgv,
} from './shell.js';
export {
  type PlannedProcess,
  type ProcessExit,
  type SpawnedChild,
  type SpawnFunction,
  type SpawnPlannedOptions,
  type SpawnRequest,
  spawnPlanned,
} from './spawn.js';
export type {
  CommandProxyOpener,
  ProcessProfile,
  ProcessSpawnContext,
  ProcessSpawnInput,
  ProcessSpawnPlan,
  ProcessSpawnPlanResult,
} from './types.js';
