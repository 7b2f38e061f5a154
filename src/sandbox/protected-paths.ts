import { readFileSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { canonicalizeSync } from './canonical.js';
import {
  findGitDir,
  gitCommonDir,
  includeTarget,
  isInclude,
  readGitConfigFiles,
  repositoryConfigFiles,
} from './git-config.js';
import { isWithin } from './path-syntax.js';

/**
 * Paths that stay read-only inside writable roots, even when they do not exist yet: files that make other
 * programs run code (git hooks and config, shell startup files, direnv, npm config), editor and MCP
 * configuration, and handrail's own state. All of `.git` is included: a file tool never needs to write
 * there, and a `.git` file or `.git/config` written by a model can point git at hooks of its choosing.
 */
export const BUILTIN_PROTECTED_GLOBS: readonly string[] = [
  '**/.git',
  '**/.git/**',
  '**/.gitmodules',
  '**/.bashrc',
  '**/.bash_profile',
  '**/.bash_login',
  '**/.bash_logout',
  '**/.bash_aliases',
  '**/.profile',
  '**/.zshrc',
  '**/.zprofile',
  '**/.zshenv',
  '**/.zlogin',
  '**/.envrc',
  '**/.npmrc',
  '**/.yarnrc',
  '**/.yarnrc.yml',
  '**/.mcp.json',
  '**/.claude/**',
  '**/.cursor/**',
  '**/.gitconfig',
  '**/.husky/**',
  // Hook managers' own configuration: an installed hook runs what they name at the user's next commit.
  '**/.pre-commit-config.yaml',
  '**/lefthook.yml',
  '**/.lefthook.yml',
  '**/.devcontainer/**',
  '**/.vscode/**',
  '**/.idea/**',
  '**/.handrail/**',
  '**/.handrail',
];

/**
 * Normalize a root-relative path the way a permissive file system might before matching protected
 * names: NFKC (full-width and compatibility forms), default-ignorable characters removed (zero-width
 * spaces), lower case (case-insensitive volumes), trailing dots and spaces of each segment dropped.
 */
export function normalizeForProtection(relative: string): string {
  return relative
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .toLowerCase()
    .split('/')
    .map((segment) => segment.replace(/[. ]+$/, '') || segment)
    .join('/');
}

/** A matcher over root-relative paths for the built-in globs plus extra ones. */
export function protectedMatcher(extra: readonly string[] = []): (relative: string) => boolean {
  const globs = [...BUILTIN_PROTECTED_GLOBS, ...extra].map((g) => g.normalize('NFKC').toLowerCase());
  const match = picomatch(globs, { dot: true, nocase: true, posix: true });
  return (relative) => match(relative) || match(normalizeForProtection(relative));
}

/**
 * The user's configuration directory, as handrail's policy loader finds the user policy layer
 * (`src/policy/policy-file/load.ts`): `$XDG_CONFIG_HOME` when it is absolute, else `~/.config`.
 */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const xdg = env.XDG_CONFIG_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.config');
}

/**
 * Under `$XDG_CONFIG_HOME` (and `~/.config`): configuration that runs programs or names them. Files rather
 * than folders where the program keeps caches or state beside them (a read-only folder would break it).
 */
// biome-ignore format: a list, one group per line
const CONFIG_STARTUP = [
  'fish', 'direnv', 'systemd', 'autostart', 'environment.d', 'nvim', 'pip', 'containers', 'tmux', 'pypoetry',
  'powershell', 'go/env', 'gh/config.yml', 'Code/User/settings.json', 'Code/User/tasks.json',
  'ipython/profile_default/startup', 'ipython/profile_default/ipython_config.py', 'gdb', 'lesskey',
  'ghc/ghci.conf', 'nix/nix.conf', 'pnpm/rc', 'ranger/rc.conf', 'python/startup.py', 'mimeapps.list',
];

/** In the home directory: startup files, PATH folders, tool configuration that runs programs, credentials. */
// biome-ignore format: a list, one group per line
const HOME_STARTUP = [
  // Shells and sessions other than bash/zsh (those are protected everywhere by name).
  '.kshrc', '.cshrc', '.tcshrc', '.mkshrc', '.pam_environment', '.xinitrc', '.xsession', '.xprofile', '.inputrc',
  '.Xresources', '.xsessionrc',
  // Folders on PATH, and Python's user site (a .pth file there runs with every python).
  '.local/bin', 'bin', '.deno/bin', '.local/lib', '.local/share/applications',
  // Editors, REPLs and debuggers that run their startup file.
  '.vimrc', '.vim', '.emacs', '.emacs.d', '.tmux.conf', '.screenrc', '.gdbinit', '.lldbinit', '.Rprofile',
  '.irbrc', '.pryrc', '.psqlrc', '.sqliterc', '.erlang', '.iex.exs', '.ghci', '.sbclrc', '.guile', '.octaverc',
  '.mailcap', '.ipython/profile_default/startup', '.ipython/profile_default/ipython_config.py', '.lesskey',
  '.bunfig.toml', '.forward', '.nix-profile/bin',
  // Tools whose configuration names programs to run (credential helpers, plugins, init scripts, mirrors).
  '.cargo/config', '.cargo/config.toml', '.docker/config.json', '.docker/cli-plugins', '.kube/config',
  '.aws/config', '.aws/credentials', '.gnupg/gpg.conf', '.gnupg/gpg-agent.conf', '.gnupg/scdaemon.conf',
  '.gradle/init.d', '.gradle/init.gradle', '.gradle/init.gradle.kts', '.gradle/gradle.properties',
  '.m2/settings.xml', '.gemrc', '.bundle/config', '.terraformrc', '.curlrc', '.wgetrc', '.pip',
  '.pydistutils.cfg',
  // Credentials.
  '.git-credentials', '.netrc', '.pypirc', '.my.cnf',
];

/**
 * Absolute paths that stay read-only whatever the roots are (a workspace that is the home directory, or
 * holds it, included): handrail's user-level and managed policy and configuration, the user's git
 * configuration (`~/.gitconfig`, the whole `~/.config/git/`, `$GIT_CONFIG_GLOBAL`), ssh configuration
 * (`~/.ssh`: `ProxyCommand`, `authorized_keys`), and startup files of other programs (fish, direnv, systemd
 * user units, editors, `~/.local/bin` and `~/bin` on PATH, cargo/docker/curl/pip configuration). Symbolic links are resolved, so their targets count too.
 * Read at call time: HOME and XDG_CONFIG_HOME as they are now.
 */
export function userProtectedPaths(
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): string[] {
  const dotConfig = path.join(home, '.config');
  const config = userConfigDir(env, home);
  const paths = [
    path.join(config, 'handrail'),
    path.join(dotConfig, 'handrail'),
    '/etc/handrail',
    path.join(home, '.gitconfig'),
    path.join(config, 'git'),
    path.join(dotConfig, 'git'),
    '/etc/gitconfig',
    path.join(home, '.ssh'),
    // Other programs' startup files and credentials in the home directory (a workspace that is the home
    // directory can reach them): each makes code run when the user next logs in, opens a shell, an editor or
    // a REPL, or runs a common command.
    ...[config, dotConfig].flatMap((dir) => CONFIG_STARTUP.map((name) => path.join(dir, name))),
    ...HOME_STARTUP.map((name) => path.join(home, name)),
  ];
  if (env.GIT_CONFIG_GLOBAL && path.isAbsolute(env.GIT_CONFIG_GLOBAL)) paths.push(env.GIT_CONFIG_GLOBAL);
  return withTargets(paths);
}

/**
 * The home-directory files protected whatever the roots are: the running user's (`userProtectedPaths`), and
 * the same files of every other user whose home one of `dirs` (writable roots, approvable folders) contains.
 */
export function homeProtectedPaths(dirs: readonly string[]): string[] {
  return [...userProtectedPaths(), ...homesWithin(dirs).flatMap((home) => userProtectedPaths({}, home))];
}

/**
 * The home directories of this machine's users (from /etc/passwd) at or below one of `dirs`: a root or an
 * approvable folder over /home reaches other users' startup files, which need the same protection as the
 * running user's. `/` and homes that do not exist are left out.
 */
export function homesWithin(dirs: readonly string[]): string[] {
  if (dirs.length === 0) return [];
  const own = canonicalizeSync(path.resolve(os.homedir()));
  return machineHomes().filter((home) => home !== own && dirs.some((dir) => isWithin(home, dir)));
}

/** Every user's home from /etc/passwd, canonical: read again only when the file changes (each turn asks). */
let homesCache: { key: string; homes: string[] } | undefined;
function machineHomes(): string[] {
  const stat = statSync('/etc/passwd', { throwIfNoEntry: false });
  if (!stat) return [];
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  if (homesCache?.key === key) return homesCache.homes;
  let passwd: string;
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return [];
  }
  const homes = new Set<string>();
  for (const line of passwd.split('\n')) {
    const home = line.split(':')[5];
    if (!home || !path.isAbsolute(home) || home === '/') continue;
    const real = canonicalizeSync(path.resolve(home));
    if (real !== '/') homes.add(real);
  }
  homesCache = { key, homes: [...homes] };
  return homesCache.homes;
}

/**
 * What the repository governing a root makes as dangerous to write as its `.git`, as canonical absolute
 * paths: its git directory when it is not a `.git` directory in the root (a `gitdir:` target, a symlinked
 * `.git`'s target), its common directory, the hooks directories `core.hooksPath` names (husky, lefthook,
 * .githooks), and config files its config includes.
 */
export function repositoryProtectedPaths(root: string): string[] {
  const repo = findGitDir(root);
  if (!repo) return [];
  const read = readGitConfigFiles(repositoryConfigFiles(repo));
  // A root that is (inside) a bare repository keeps its files writable; its config and hooks stay protected.
  const dirs = [repo, gitCommonDir(repo)].filter((dir) => !isWithin(root, dir));
  // Included files count whether they exist or not: creating a missing one adds to the config.
  const includes = read.entries.filter(isInclude).map(includeTarget);
  const paths = [...dirs, ...read.files, ...includes.filter((p): p is string => !!p)];
  paths.push(path.join(gitCommonDir(repo), 'hooks'));
  for (const entry of read.entries) {
    if (entry.key !== 'core.hookspath' || !entry.value?.trim()) continue;
    const value = entry.value.trim();
    const top = path.basename(repo) === '.git' ? path.dirname(repo) : root;
    paths.push(path.resolve(top, value.startsWith('~/') ? path.join(os.homedir(), value.slice(2)) : value));
  }
  return withTargets(paths);
}

/** The paths, and the canonical form of each (realpath of what exists, the missing names appended). */
function withTargets(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const resolved = path.resolve(p);
    out.add(resolved);
    out.add(canonicalizeSync(resolved));
  }
  return [...out];
}

/** The hooks directory a repository configures with `core.hooksPath`, canonical (see repositoryProtectedPaths). */
export function configuredHooksDir(root: string): string | undefined {
  const repo = findGitDir(root);
  if (!repo) return undefined;
  const read = readGitConfigFiles(repositoryConfigFiles(repo));
  const entry = read.entries.filter((e) => e.key === 'core.hookspath' && e.value?.trim()).pop();
  if (!entry?.value) return undefined;
  const value = entry.value.trim();
  const top = path.basename(repo) === '.git' ? path.dirname(repo) : root;
  const resolved = path.resolve(
    top,
    value.startsWith('~/') ? path.join(os.homedir(), value.slice(2)) : value,
  );
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}
