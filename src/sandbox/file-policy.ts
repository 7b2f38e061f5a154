import { lstatSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { type ApprovableArea, approvableAreaOf, compileApprovableWrites } from './approvable-writes.js';
import { canonicalize, canonicalizeSync } from './canonical.js';
import type {
  CheckOptions,
  FileAccess,
  FileCheck,
  FileDenialReason,
  FileDenied,
  FilePolicyConfig,
  FileRoot,
} from './file-policy-types.js';
import { GLOB_OPTIONS, isWithin, pathSyntaxProblem, relativeInside } from './path-syntax.js';
import {
  configuredHooksDir,
  homeProtectedPaths,
  protectedMatcher,
  repositoryProtectedPaths,
} from './protected-paths.js';

/**
 * The file policy of a turn: roots with access modes, a cwd, deny-read globs and protected paths. Every
 * decision is made on canonical paths; a denial says what is allowed instead.
 */
export function createFileAccess(config: FilePolicyConfig): FileAccess {
  if (config.roots.length === 0) throw new Error('A file policy needs at least one root.');
  const roots: FileRoot[] = config.roots.map((root) => ({
    path: canonicalDir(root.path),
    access: root.access,
  }));
  const cwd = canonicalDir(config.cwd ?? roots[0]!.path);
  if (!roots.some((root) => isWithin(cwd, root.path))) {
    throw new Error(
      `The current directory ${cwd} is outside every root (${roots.map((r) => r.path).join(', ')}).`,
    );
  }
  const writable = roots.filter((root) => root.access === 'write');
  const areas = config.approvableAreas ?? compileApprovableWrites(config.approvableWrites ?? []);
  const isProtected = protectedMatcher(config.protectedPaths);
  const stateDir = config.stateDir ? canonicalDir(config.stateDir) : undefined;
  const hooksDirs = writable
    .map((root) => configuredHooksDir(root.path))
    .filter((d): d is string => d !== undefined);
  // Absolute paths protected whatever the roots: the user's git, ssh and handrail configuration, and what
  // the roots' repositories make as dangerous as their .git (a gitdir: target, included config files).
  // Other users' homes a writable root or an approvable folder contains (handrail as root over /home) get
  // the same protection as handrail's own user's.
  const reachable = [...writable.map((root) => root.path), ...areas.map((area) => area.root)];
  const absoluteProtected = [
    ...homeProtectedPaths(reachable),
    ...writable.flatMap((root) => repositoryProtectedPaths(root.path)),
    ...areas.flatMap((area) => repositoryProtectedPaths(area.root)),
    ...(config.protectedFiles ?? []).map((file) => canonicalizeSync(path.resolve(file))),
  ];
  const given = config.denyRead ?? [];
  // A literal rule through a symbolic link (`config/prod` where `config -> cfg`) names the real folder too:
  // what is checked is the canonical path, so the rule is added in its canonical spelling as well.
  const aliases = given.flatMap((glob) => denyReadAliases([glob], roots).map((alias) => ({ alias, glob })));
  const denyGlobs = [...given, ...aliases.map((a) => a.glob)];
  // Names compare in NFC on both sides: `café` written composed in the policy and stored decomposed on disk
  // (as macOS does) is the same name, and must be denied either way.
  const denyNormalized = [...given, ...aliases.map((a) => a.alias)].map((g) => g.normalize('NFC'));
  const denyMatch = denyGlobs.length > 0 ? picomatch(denyNormalized, GLOB_OPTIONS) : undefined;

  const display = (canonical: string): string => {
    const rel = relativeInside(canonical, cwd);
    return rel === undefined ? canonical : rel === '' ? '.' : rel;
  };
  const rootOf = (canonical: string, candidates: FileRoot[]): FileRoot | undefined => {
    // The most specific root wins: a read-only root nested in a writable one stays read-only.
    let best: FileRoot | undefined;
    for (const root of roots) {
      if (isWithin(canonical, root.path) && (!best || root.path.length > best.path.length)) best = root;
    }
    return best && candidates.includes(best) ? best : undefined;
  };
  // A deny glob covers what is below a match too: `private` hides `private/x`, however it is reached.
  const deniedRead = (canonical: string, area?: ApprovableArea): string | undefined => {
    if (!denyMatch) return undefined;
    const candidates: string[] = [];
    for (let p = canonical; ; p = path.dirname(p)) {
      candidates.push(p);
      if (path.dirname(p) === p) break;
    }
    // Relative rules (`*.pem`, `secrets`) apply below each root, and below an approvable folder as in a root.
    for (const top of [...roots.map((root) => root.path), ...(area ? [area.root] : [])]) {
      const rel = relativeInside(canonical, top);
      if (!rel) continue;
      const parts = rel.split('/');
      for (let i = parts.length; i > 0; i--) candidates.push(parts.slice(0, i).join('/'));
    }
    for (const raw of candidates) {
      const candidate = raw.normalize('NFC');
      if (denyMatch(candidate)) {
        const index = denyNormalized.findIndex((g) => picomatch.isMatch(candidate, g, GLOB_OPTIONS));
        return denyGlobs[index] ?? denyGlobs[0];
      }
    }
    return undefined;
  };
  const protectedRule = (canonical: string, area?: ApprovableArea): boolean => {
    if (stateDir && isWithin(canonical, stateDir)) return true;
    // Outside the roots, an approvable folder is treated as a root: `.git/**`, `.vscode/**`… stay read-only.
    const inArea = area ? relativeInside(canonical, area.root) : undefined;
    if (inArea && isProtected(inArea)) return true;
    if (hooksDirs.some((dir) => isWithin(canonical, dir))) return true;
    if (absoluteProtected.some((p) => isWithin(canonical, p))) return true;
    for (const root of writable) {
      const rel = relativeInside(canonical, root.path);
      if (rel && isProtected(rel)) return true;
    }
    return false;
  };
  const rootList = (list: FileRoot[]) => list.map((r) => r.path).join(', ') || 'none';
  const where = ` Current directory: ${cwd}.`;

  async function check(
    requested: string,
    mode: 'read' | 'write',
    opts: CheckOptions,
    approved: ReadonlySet<string>,
  ): Promise<FileCheck> {
    const verb = mode === 'read' ? 'read' : 'write';
    const deny = (reason: FileDenialReason, message: string, canonical?: string): FileDenied => {
      const denied: FileDenied = { ok: false, reason, message, requested };
      if (canonical) denied.path = canonical;
      return denied;
    };
    const syntax = pathSyntaxProblem(requested);
    if (syntax) return deny(syntax.reason, `Cannot ${verb} this path: ${syntax.message}`);

    const lexical = path.resolve(cwd, requested);
    let resolved: Awaited<ReturnType<typeof canonicalize>>;
    try {
      resolved = await canonicalize(lexical);
    } catch (error) {
      return deny('invalid_path', `Cannot ${verb} ${requested}: ${(error as Error).message}.`);
    }
    const canonical = resolved.path;
    const allowedRoots = mode === 'read' ? roots : writable;
    const root = rootOf(canonical, allowedRoots);
    if (root) return admitted(requested, mode, opts, resolved, root, deny);

    const outside = outsideDenial(requested, mode, lexical, resolved, deny);
    // A path outside every root that the owner marked approvable: checked like a path in a root (protected,
    // deny-read, kind, hard links), then written — or read, as an edit must — only when a human approved
    // exactly this canonical path; otherwise refused, saying a human may approve it.
    const area = rootOf(canonical, roots) ? undefined : approvableAreaOf(areas, canonical);
    if (!area) return outside;
    if (mode === 'read' && !(approved.has(canonical) && (opts.kind ?? 'file') === 'file')) return outside;
    const inArea = admitted(
      requested,
      'write',
      opts,
      resolved,
      { path: area.root, access: 'write' },
      deny,
      area,
    );
    if (!inArea.ok || approved.has(canonical)) return inArea;
    return { ...outside, approvable: true };
  }

  function outsideDenial(
    requested: string,
    mode: 'read' | 'write',
    lexical: string,
    resolved: Awaited<ReturnType<typeof canonicalize>>,
    deny: (reason: FileDenialReason, message: string, canonical?: string) => FileDenied,
  ): FileDenied {
    const verb = mode === 'read' ? 'read' : 'write';
    const canonical = resolved.path;
    const allowedRoots = mode === 'read' ? roots : writable;
    const escaped = resolved.viaSymlink && roots.some((r) => isWithin(lexical, r.path));
    if (escaped) {
      return deny(
        'symlink_escape',
        `Cannot ${verb} ${requested}: it goes through a symbolic link to ${canonical}, outside the ${mode === 'read' ? 'readable' : 'writable'} roots (${rootList(allowedRoots)}).${where}`,
        canonical,
      );
    }
    if (mode === 'write' && rootOf(canonical, roots)) {
      return deny(
        'write_requires_writable_root',
        `Cannot write ${requested}: it is inside a read-only root; the writable roots are (${rootList(writable)}).${where}`,
        canonical,
      );
    }
    return deny(
      'outside_roots',
      `Cannot ${verb} ${canonical}: it is outside the ${mode === 'read' ? 'readable' : 'writable'} roots (${rootList(allowedRoots)}).${where}`,
      canonical,
    );
  }

  /** The checks every path inside a root (or an approved path outside them) still has to pass. */
  function admitted(
    requested: string,
    mode: 'read' | 'write',
    opts: CheckOptions,
    resolved: Awaited<ReturnType<typeof canonicalize>>,
    root: FileRoot,
    deny: (reason: FileDenialReason, message: string, canonical?: string) => FileDenied,
    area?: ApprovableArea,
  ): FileCheck {
    const verb = mode === 'read' ? 'read' : 'write';
    const canonical = resolved.path;
    const denyRule = deniedRead(canonical, area);
    if (denyRule) {
      return deny(
        'deny_read',
        `Cannot ${verb} ${display(canonical)}: it matches the deny-read rule "${denyRule}".`,
        canonical,
      );
    }
    if (mode === 'write' && (protectedRule(canonical, area) || inGitDir(canonical, root.path))) {
      return deny(
        'protected_path',
        `Cannot write ${display(canonical)}: it is a protected path (git metadata, shell startup files, editor, MCP and handrail configuration, the user's git and ssh configuration stay read-only, even inside writable roots).`,
        canonical,
      );
    }
    const kind = opts.kind ?? 'file';
    if (resolved.exists && resolved.stat) {
      const problem = kindProblem(resolved.stat, kind);
      if (problem)
        return deny('not_regular_file', `Cannot ${verb} ${display(canonical)}: ${problem}.`, canonical);
      if (mode === 'write' && resolved.stat.isFile() && resolved.stat.nlink > 1) {
        return deny(
          'hardlink',
          `Cannot write ${display(canonical)}: it has ${resolved.stat.nlink} hard links, so writing it would also change a file elsewhere.`,
          canonical,
        );
      }
    }
    const allowed: FileCheck = { ok: true, requested, path: canonical, display: display(canonical), root };
    if (resolved.stat) allowed.stat = resolved.stat;
    return allowed;
  }

  /** A write of an approved call must land where the human was shown; anything else changed since. */
  const confirmApproved = (check: FileCheck, writesOnly: ReadonlySet<string>): FileCheck => {
    if (!check.ok || writesOnly.has(check.path)) return check;
    return {
      ok: false,
      reason: 'changed_since_approval',
      message: `Cannot write ${check.requested}: it now leads to ${check.path}, which is not what this call was approved to write (${[...writesOnly].join(', ')}); a link on the way changed after the approval. Nothing was written.`,
      requested: check.requested,
      path: check.path,
    };
  };

  const accessWith = (approved: ReadonlySet<string>, writesOnly?: ReadonlySet<string>): FileAccess => ({
    cwd,
    roots,
    checkRead: (requested, opts = {}) => check(requested, 'read', opts, approved),
    checkWrite: async (requested, opts = {}) => {
      const checked = await check(requested, 'write', opts, approved);
      return writesOnly ? confirmApproved(checked, writesOnly) : checked;
    },
    isReadable: (canonical) => rootOf(canonical, roots) !== undefined && deniedRead(canonical) === undefined,
    denyReadRule: (absolute) => deniedRead(path.resolve(absolute)),
    ownDenyRead: given.filter((rule) => !(stateDir && path.isAbsolute(rule) && isWithin(rule, stateDir))),
    display,
    forApprovedCall: (opts) =>
      accessWith(
        new Set([...approved, ...(opts.approved ?? [])]),
        opts.writesOnly ? new Set(opts.writesOnly) : writesOnly,
      ),
  });
  return accessWith(new Set());
}

/**
 * Whether a path is inside a git directory, whatever its name (a bare `foo.git`, the target of a `.git` link
 * or `gitdir:` file) — or would make its directory one (HEAD next to objects/) — or is a config file or hooks
 * directory of a repository above it: git runs what its config and hooks say. Checked from the path's
 * directory up to its root.
 */
function inGitDir(canonical: string, root: string): boolean {
  const present = (p: string, dir: boolean) => {
    if (canonical === p || (dir && isWithin(canonical, p))) return true;
    try {
      const stat = lstatSync(p);
      return dir ? stat.isDirectory() : true;
    } catch {
      return false;
    }
  };
  for (let dir = path.dirname(canonical); isWithin(dir, root); dir = path.dirname(dir)) {
    if (
      present(path.join(dir, 'HEAD'), false) &&
      (present(path.join(dir, 'objects'), true) || present(path.join(dir, 'commondir'), false))
    )
      return true;
    // A repository above the file: its included config files and hooks directories are config and hooks.
    if (
      present(path.join(dir, '.git'), false) &&
      repositoryProtectedPaths(dir).some((p) => isWithin(canonical, p))
    )
      return true;
    if (dir === root || path.dirname(dir) === dir) break;
  }
  return false;
}

function kindProblem(stat: Stats, kind: 'file' | 'directory' | 'any'): string | undefined {
  if (kind === 'any' && (stat.isFile() || stat.isDirectory())) return undefined;
  if (kind === 'file' && stat.isFile()) return undefined;
  if (kind === 'directory' && stat.isDirectory()) return undefined;
  if (stat.isDirectory()) return 'it is a directory, not a file';
  if (stat.isFile()) return 'it is a file, not a directory';
  return `it is ${describeSpecial(stat)}, not a regular file`;
}

function describeSpecial(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return 'a special file';
}

function canonicalDir(dir: string): string {
  const resolved = path.resolve(dir);
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}

const GLOB_SYNTAX = /[*?[\]{}()!+@\\]/;

/**
 * The canonical spellings of literal deny-read rules that go through a symbolic link: for a relative rule,
 * each root's real `root/rule` as a root-relative path (or absolute, when the link leads outside the root);
 * for an absolute one, its real path. Escaped for the glob matcher. Nothing for globs or missing paths.
 */
export function denyReadAliases(rules: readonly string[], roots: readonly FileRoot[]): string[] {
  const aliases = new Set<string>();
  for (const rule of rules) {
    if (GLOB_SYNTAX.test(rule)) continue;
    const targets = path.isAbsolute(rule) ? [rule] : roots.map((root) => path.join(root.path, rule));
    for (const alias of realSpellings(targets, roots)) if (alias !== rule) aliases.add(alias);
  }
  return [...aliases];
}

function realSpellings(targets: readonly string[], roots: readonly FileRoot[]): string[] {
  const aliases = new Set<string>();
  for (const target of targets) {
    let real: string;
    try {
      real = realpathSync.native(target);
    } catch {
      continue; // missing: nothing to alias (what the rule names is checked as spelled)
    }
    if (real === path.resolve(target)) continue;
    const inRoot = roots
      .map((root) => relativeInside(real, root.path))
      .find((rel) => rel !== undefined && rel !== '');
    aliases.add((inRoot ?? real).replace(/[*?[\]{}()!+@\\]/g, '\\$&'));
  }
  return [...aliases];
}
