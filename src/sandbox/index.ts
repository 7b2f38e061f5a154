// The sandbox's front door: what core, tools, server and cli use of it. The file part of the execution
// security snapshot (policy checks on canonical paths and I/O through them), the network part (./network/),
// running commands (./process/) and the OS sandboxes that wrap them (./backends/).
export { type ApprovableArea, compileApprovableWrites } from './approvable-writes.js';
export * from './backends/index.js';
export { canonicalize, canonicalizeSync } from './canonical.js';
export { createFileAccess, denyReadAliases } from './file-policy.js';
export * from './file-policy-types.js';
export { FileLocks, FileVersions, type SeenVersion } from './file-versions.js';
export {
  type GitCommandHazardOptions,
  gitCommandHazards,
  type StoredContentCheck,
} from './git-command-hazards.js';
export { findGitDir, gitExecHazards } from './git-config.js';
export * from './network/index.js';
export { isWithin, MAX_PATH_BYTES, pathSyntaxProblem, relativeInside } from './path-syntax.js';
export { type PrecheckPolicies, precheckIntent } from './precheck.js';
export * from './process/index.js';
export {
  BUILTIN_PROTECTED_GLOBS,
  normalizeForProtection,
  protectedMatcher,
  userConfigDir,
  userProtectedPaths,
} from './protected-paths.js';
export {
  type AtomicWriteResult,
  assertRemovable,
  FileRaceError,
  mkdirInside,
  openForRead,
  type PinnedDir,
  pinDir,
  readVerified,
  removeVerified,
  sameVersion,
  writeAtomic,
} from './safe-fs.js';
export { type StreamedFile, streamToFile } from './safe-fs-stream.js';
