// Compiled matchers for rule specifiers: command words, path globs and hosts. Built once at load.
import path from 'node:path';
import { domainToASCII } from 'node:url';
import picomatch from 'picomatch';
import { canonicalizeSync } from '../../sandbox/canonical.js';
import { type CommandPattern, INVISIBLE, PatternError, type PatternWord } from './shell-words.js';
import type { CommandMatcher, DomainMatcher, MatchMode, PathMatcher } from './types.js';

export function commandMatcher(pattern: CommandPattern): CommandMatcher {
  const { words, rest } = pattern;
  const n = words.length;
  const first = words[0]!;
  const firstHasSlash = first.value.includes('/');
  return {
    kind: 'command',
    words: words.map((w) => w.value),
    glob: words.some((w) => w.glob !== undefined),
    rest,
    test(argv, mode) {
      if (rest ? argv.length < n : argv.length !== n) return false;
      // An allow rule never matches a word with control or invisible characters: what a human approved must
      // be what runs, and those are what look-alike tricks are made of.
      if (mode === 'allow' && argv.some((w) => INVISIBLE.test(w))) return false;
      for (let i = 0; i < n; i++) {
        const word = argv[i]!;
        if (wordMatches(words[i]!, word, mode)) continue;
        // A deny or ask rule on `rm` also catches `/bin/rm`; an allow rule on `git` never allows `./git`.
        if (i === 0 && mode === 'block' && !firstHasSlash && word.includes('/')) {
          if (wordMatches(first, word.slice(word.lastIndexOf('/') + 1), mode)) continue;
        }
        return false;
      }
      return true;
    },
    mayMatch(argv) {
      // Like a block test, except that a word decided at run time ends the comparison as "could match":
      // `git ${X:-push}`, `/bin/r? -rf x` and `r{m,}` run what a rule on `git push` or `rm` names.
      for (let i = 0; i < n; i++) {
        const word = argv[i];
        if (word === undefined) return false;
        if (runtimeWord(word)) return true;
        const tail = i === 0 && !firstHasSlash ? word.slice(word.lastIndexOf('/') + 1) : word;
        if (i === 0 && runtimeWord(tail)) return true;
        if (!wordMatches(words[i]!, word, 'block') && !(i === 0 && wordMatches(first, tail, 'block')))
          return false;
      }
      // Extra words after an exact-length pattern may expand to nothing (`git push $EMPTY`).
      return rest || argv.slice(n).every(runtimeWord);
    },
  };
}

/**
 * A word whose value the shell decides when it runs: a parameter expansion or substitution (the classifier
 * keeps their source text), a glob, or a brace expansion. Quoted look-alikes (`'$1'`) are counted too, which
 * is safe because it is only used to widen deny / ask rules and to narrow allow globs.
 */
export function runtimeWord(word: string): boolean {
  return /\$[\w{(@*#?$!-]|`|[*?]|\[[^\]]*\]|\{[^{}]*(,|\.\.)[^{}]*\}/.test(word);
}

const PARENT_SEGMENT = /(^|\/)\.\.(\/|$)/;

function wordMatches(pattern: PatternWord, word: string, mode: MatchMode): boolean {
  if (!pattern.glob) return pattern.value === word;
  if (mode === 'allow') {
    // An allow glob never reaches an option (`git diff *.ts` and `--output=x.ts`), a `..` segment
    // (`cat src/*` and `src/../../etc/shadow`) or a word the shell will still expand (`test$X`, `test*`).
    if (word.startsWith('-') && !pattern.value.startsWith('-')) return false;
    if (PARENT_SEGMENT.test(word) && !PARENT_SEGMENT.test(pattern.value)) return false;
    if (runtimeWord(word)) return false;
  }
  return pattern.glob.test(word);
}

/** A structured rule's `command`: literal words, then anything. */
export function literalCommand(words: string[]): CommandPattern {
  if (words.length === 0) throw new PatternError('the command prefix is empty');
  return { words: words.map((value) => ({ value })), rest: true };
}

export interface PathBase {
  workspace: string;
  home: string;
}

const GLOB = /(^|[^\\])[*?[\]{}]|(^|[^\\])[!+@]\(/;

/**
 * Resolve a path pattern: `~/` against home, relative against the workspace (a pattern without a slash, like
 * `.env` or `*.pem`, matches that name at any depth under it), then realpath of its static part so a rule
 * written against a symlinked spelling matches the canonical paths intents carry.
 */
export function resolvePathPattern(pattern: string, base: PathBase): string {
  let text = pattern.trim();
  if (text === '') throw new PatternError('the path pattern is empty');
  if (text.includes('\0')) throw new PatternError('the path pattern contains a NUL character');
  if (text === '~' || text.startsWith('~/')) text = path.join(base.home, text.slice(1));
  else if (!path.isAbsolute(text)) {
    const rel = text.replace(/^(\.\/)+/, '');
    text = !text.includes('/') ? `${base.workspace}/**/${rel}` : `${base.workspace}/${rel}`;
  }
  if (text.length > 1) text = text.replace(/\/+$/, '');
  const segments = text.split('/');
  const firstGlob = segments.findIndex((s) => GLOB.test(s));
  const staticPart = firstGlob < 0 ? segments : segments.slice(0, firstGlob);
  const tail = firstGlob < 0 ? [] : segments.slice(firstGlob);
  const literal = path.resolve('/', ...staticPart.map(unescapeGlob));
  const real = canonicalizeSync(literal);
  return [escapeGlob(real === '/' ? '' : real), ...tail].join('/') || '/';
}

export function pathMatcher(pattern: string, base: PathBase): PathMatcher {
  const resolved = resolvePathPattern(pattern, base);
  // Compiled on first use: a policy of thousands of path rules loads fast, and a rule is compiled once.
  let exact: ((p: string) => boolean) | undefined;
  let beneath: ((p: string) => boolean) | undefined;
  let normalized: ((p: string) => boolean) | undefined;
  let normalizedBeneath: ((p: string) => boolean) | undefined;
  return {
    kind: 'path',
    resolved,
    test(p: string, mode: MatchMode) {
      exact ??= picomatch(resolved, OPTIONS);
      if (exact(p)) return true;
      if (mode !== 'block') return false;
      // Deny and ask rules on a directory cover what is inside it; allow rules stay exactly as written.
      beneath ??= picomatch(resolved === '/' ? '/**' : `${resolved}/**`, OPTIONS);
      if (beneath(p)) return true;
      // Deny and ask rules also match the name in the other Unicode normalization (NFC written, NFD on disk).
      normalized ??= picomatch(resolved.normalize('NFC'), OPTIONS);
      normalizedBeneath ??= picomatch(resolved === '/' ? '/**' : `${resolved.normalize('NFC')}/**`, OPTIONS);
      const nfc = p.normalize('NFC');
      return normalized(nfc) || normalizedBeneath(nfc);
    },
  };
}

const OPTIONS = { dot: true, strictSlashes: false };

const unescapeGlob = (segment: string) => segment.replace(/\\(.)/g, '$1');

/** Escape a literal path for picomatch. */
export function escapeGlob(literal: string): string {
  return literal.replace(/[\\*?[\]{}()!+@]/g, '\\$&');
}

/** A host as intents carry it: lower case, ASCII (punycode), no trailing dot. */
export function normalizeHost(host: string): string {
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) return host;
  const bare = host.trim().toLowerCase().replace(/\.$/, '');
  if (bare.startsWith('[')) return bare;
  return domainToASCII(bare) || bare;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/;

export function domainMatcher(spec: string): DomainMatcher {
  const text = spec.trim();
  if (text === '*') return { kind: 'domain', host: '*', subdomains: true, test: () => true };
  const subdomains = text.startsWith('*.');
  const host = normalizeHost(subdomains ? text.slice(2) : text);
  if (!HOST.test(host))
    throw new PatternError(
      `"${spec}" is not a host name (write example.com, or *.example.com for its subdomains; no scheme, port or path)`,
    );
  return {
    kind: 'domain',
    host,
    subdomains,
    // Label boundaries: *.example.com matches a.example.com, never badexample.com (nor example.com itself).
    test: subdomains ? (h) => h.endsWith(`.${host}`) : (h) => h === host,
  };
}

/** The host of an example (a URL or a bare host). */
export function exampleHost(example: string): string {
  if (example.includes('://')) {
    try {
      return normalizeHost(new URL(example).hostname);
    } catch {
      return normalizeHost(example);
    }
  }
  return normalizeHost(example.split('/')[0]!.replace(/:\d+$/, ''));
}
