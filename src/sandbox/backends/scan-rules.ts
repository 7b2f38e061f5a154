import path from 'node:path';
import picomatch from 'picomatch';
import { GLOB_OPTIONS, isWithin } from '../path-syntax.js';
import { BUILTIN_PROTECTED_GLOBS, normalizeForProtection } from '../protected-paths.js';

/**
 * The deny-read and protected globs compiled for a walk over many entries (a `node_modules` of 150,000
 * files): matching every entry's full path against every glob costs more than reading the directories, so
 * the common shapes are answered from the entry's name alone, with exactly the result the file policy's
 * matchers give. Compiled once per set of globs.
 */

const PROTECTED_OPTIONS = { dot: true, nocase: true, posix: true };

/** A name no real glob targets: a directory whose children would all match is hidden (or protected) whole. */
export const PROBE = '\u0000probe';

export interface DenyRules {
  /**
   * Globs without wildcards (`config/prod`, `/ws/.handrail/handrail.db`): each names one path per root (or
   * one absolute path), found by looking it up, whatever the size of the roots.
   */
  literal: { relative: string[]; absolute: string[] };
  /** Globs with wildcards: matched against every entry of the walk. Undefined when there are none. */
  match?: (name: string) => boolean;
  /**
   * Whether a glob with wildcards could match at or below a directory, given its absolute path and its
   * paths relative to the roots that hold it: the walk enters no other directory for deny-read's sake.
   */
  reachesInto(abs: string, rels: readonly string[]): boolean;
}

export function compileDeny(given: readonly string[]): DenyRules {
  // Names compare in NFC: a rule written `café` hides `cafe\u0301` on disk, and the reverse (callers
  // normalize the paths they match to NFC too).
  const globs = given.map((glob) => glob.normalize('NFC'));
  const relative: string[] = [];
  const absolute: string[] = [];
  const general: string[] = [];
  const anywhere: boolean[] = [];
  const bases: string[] = [];
  for (const glob of globs) {
    const literal = literalPath(glob);
    if (literal !== undefined) {
      (path.isAbsolute(literal) ? absolute : relative).push(literal);
      continue;
    }
    general.push(glob);
    const base = picomatch.scan(glob).base;
    // A glob with no literal directory in front (`**/*.pem`, `*/x`, `{a,b}/c`) can match anywhere.
    anywhere.push(!path.isAbsolute(glob) && (base === '' || base === '.'));
    bases.push(base);
  }
  const match = general.length > 0 ? picomatch(general, GLOB_OPTIONS) : undefined;
  return {
    literal: { relative, absolute },
    ...(match ? { match } : {}),
    reachesInto(abs, rels) {
      for (let i = 0; i < general.length; i++) {
        if (anywhere[i]) return true;
        const base = bases[i]!;
        if (path.isAbsolute(base)) {
          if (isWithin(abs, base) || isWithin(base, abs)) return true;
          continue;
        }
        for (const rel of rels) {
          if (rel === '' || isWithinRel(rel, base) || isWithinRel(base, rel)) return true;
        }
      }
      return false;
    },
  };
}

/**
 * The one path a glob names when it has no wildcard: what picomatch would match it against, and nothing
 * else. Undefined for a glob (or for a literal written in a form picomatch does not match as is, like
 * `config/prod/` or `a\*b`: those are matched in the walk).
 */
function literalPath(glob: string): string | undefined {
  if (glob === '' || glob.includes('\\') || picomatch.scan(glob).isGlob) return undefined;
  const normal = path.posix.normalize(glob);
  if (normal !== glob || normal.split('/').includes('..')) return undefined;
  return picomatch.isMatch(glob, glob, GLOB_OPTIONS) ? glob : undefined;
}

function isWithinRel(p: string, dir: string): boolean {
  return p === dir || p.startsWith(`${dir}/`);
}

/**
 * Whether a root-relative path is protected, as `protectedMatcher` decides, asked of an entry whose
 * parent directories (inside the root) were asked first and were not protected. Globs of the form
 * `**\/name` and `**\/name/**` then depend on the entry's own name only: for an ASCII name, a set lookup
 * of its lower-case form (and that form without trailing dots and spaces, as `normalizeForProtection`
 * strips them). Any other name, and any other glob, goes through picomatch with the whole path.
 */
export function compileProtected(
  extra: readonly string[],
): (rel: string, name: string, dir: boolean) => boolean {
  const globs = [...BUILTIN_PROTECTED_GLOBS, ...extra].map((g) => g.normalize('NFKC').toLowerCase());
  // name → matches as a file (or any entry) / as a directory (something below it would match)
  const names = new Map<string, { file: boolean; dir: boolean }>();
  const rest: string[] = [];
  for (const glob of globs) {
    const shape = /^\*\*\/([^/*?[\]{}()!+@\\]+)(\/\*\*)?$/.exec(glob);
    const name = shape?.[1];
    if (!name || name === '.' || name === '..' || !/^[\x20-\x7e]+$/.test(name) || /[. ]$/.test(name)) {
      rest.push(glob);
      continue;
    }
    const one = picomatch(glob, PROTECTED_OPTIONS);
    const entry = names.get(name) ?? { file: false, dir: false };
    entry.file ||= one(name);
    entry.dir ||= one(name) || one(`${name}/${PROBE}`);
    names.set(name, entry);
  }
  const all = picomatch(globs, PROTECTED_OPTIONS);
  const full = (rel: string) => all(rel) || all(normalizeForProtection(rel));
  const restMatch = rest.length > 0 ? picomatch(rest, PROTECTED_OPTIONS) : undefined;
  const others = (rel: string) => !!restMatch && (restMatch(rel) || restMatch(normalizeForProtection(rel)));
  return (rel, name, dir) => {
    if (!ASCII.test(name)) return full(rel) || (dir && full(`${rel}/${PROBE}`));
    const lower = name.toLowerCase();
    const stripped = lower.replace(/[. ]+$/, '') || lower;
    for (const key of lower === stripped ? [lower] : [lower, stripped]) {
      const hit = names.get(key);
      if (hit && (dir ? hit.dir : hit.file)) return true;
    }
    return others(rel) || (dir && others(`${rel}/${PROBE}`));
  };
}

const ASCII = /^[\x00-\x7f]*$/;
