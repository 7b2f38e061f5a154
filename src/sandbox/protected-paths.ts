import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';

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
 * The hooks directory a repository configures with `core.hooksPath` (husky, lefthook, .githooks): git runs
 * what is there, so it is as protected as .git/hooks. Read from `<root>/.git/config`; absolute, canonical.
 */
export function configuredHooksDir(root: string): string | undefined {
  let config: string;
  try {
    config = readFileSync(path.join(root, '.git', 'config'), 'utf8');
  } catch {
    return undefined;
  }
  let inCore = false;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    const section = /^\[\s*([^\]\s"]+)/.exec(line);
    if (section) {
      inCore = section[1]!.toLowerCase() === 'core';
      continue;
    }
    const entry = /^hookspath\s*=\s*(.*)$/i.exec(line);
    if (inCore && entry) {
      const value = entry[1]!.replace(/^"(.*)"$/, '$1').trim();
      if (!value) return undefined;
      const resolved = path.resolve(
        root,
        value.startsWith('~/') ? path.join(homedir(), value.slice(2)) : value,
      );
      try {
        return realpathSync(resolved);
      } catch {
        return resolved;
      }
    }
  }
  return undefined;
}
