// The execution security snapshot's file part: policy checks on canonical paths and I/O through them.
export { canonicalize, canonicalizeSync } from './canonical.js';
export { createFileAccess } from './file-policy.js';
export * from './file-policy-types.js';
export { FileLocks, FileVersions, type SeenVersion } from './file-versions.js';
export {
  findGitDir,
  type GitCommandHazardOptions,
  gitCommandHazards,
  gitExecHazards,
} from './git-config.js';
export { isWithin, MAX_PATH_BYTES, pathSyntaxProblem, relativeInside } from './path-syntax.js';
export {
  BUILTIN_PROTECTED_GLOBS,
  normalizeForProtection,
  protectedMatcher,
  userConfigDir,
  userProtectedPaths,
} from './protected-paths.js';
export {
  FileRaceError,
  mkdirInside,
  openForRead,
  readVerified,
  removeVerified,
  writeAtomic,
} from './safe-fs.js';
