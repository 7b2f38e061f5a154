/**
 * Paths that stay read-only inside writable roots, even when they do not exist yet: files that make other
 * programs run code (git hooks and config, shell startup files, direnv, npm config), editor and MCP
 * configuration, and handrail's own state. All of `.git` is included: a file tool never needs to write
 * there, and a `.git` file or `.git/config` written by a model can point git at hooks of its choosing.
 */
export declare const BUILTIN_PROTECTED_GLOBS: readonly string[];
/**
 * Normalize a root-relative path the way a permissive file system might before matching protected
 * names: NFKC (full-width and compatibility forms), default-ignorable characters removed (zero-width
 * spaces), lower case (case-insensitive volumes), trailing dots and spaces of each segment dropped.
 */
export declare function normalizeForProtection(relative: string): string;
/** A matcher over root-relative paths for the built-in globs plus extra ones. */
export declare function protectedMatcher(extra?: readonly string[]): (relative: string) => boolean;
/**
 * The user's configuration directory, as handrail's policy loader finds the user policy layer
 * (`src/policy/policy-file/load.ts`): `$XDG_CONFIG_HOME` when it is absolute, else `~/.config`.
 */
export declare function userConfigDir(env?: NodeJS.ProcessEnv, home?: string): string;
/**
 * Absolute paths that stay read-only whatever the roots are (a workspace that is the home directory, or
 * holds it, included): handrail's user-level and managed policy and configuration, the user's git
 * configuration (`~/.gitconfig`, the whole `~/.config/git/`, `$GIT_CONFIG_GLOBAL`) and ssh configuration
 * (`~/.ssh`: `ProxyCommand`, `authorized_keys`). Symbolic links are resolved, so their targets count too.
 * Read at call time: HOME and XDG_CONFIG_HOME as they are now.
 */
export declare function userProtectedPaths(env?: NodeJS.ProcessEnv, home?: string): string[];
/**
 * What the repository governing a root makes as dangerous to write as its `.git`, as canonical absolute
 * paths: its git directory when it is not a `.git` directory in the root (a `gitdir:` target, a symlinked
 * `.git`'s target), its common directory, the hooks directories `core.hooksPath` names (husky, lefthook,
 * .githooks), and config files its config includes.
 */
export declare function repositoryProtectedPaths(root: string): string[];
/** The hooks directory a repository configures with `core.hooksPath`, canonical (see repositoryProtectedPaths). */
export declare function configuredHooksDir(root: string): string | undefined;
