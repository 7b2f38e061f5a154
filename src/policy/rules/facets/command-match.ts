// The command facet's matcher: a pattern of shell words against one sub-command's argv, strict for allow
// rules and wide for deny / ask rules.
import type { CommandPattern, PatternWord } from './command-words.js';
import { INVISIBLE, type MatchMode, PatternError } from './definition.js';

export interface CommandMatcher {
  kind: 'command';
  /** One sub-command's argv. */
  test(argv: readonly string[], mode: MatchMode): boolean;
  /** Whether one sub-command could match once the shell expands the words it decides at run time. */
  mayMatch(argv: readonly string[]): boolean;
  /** The pattern's words as written (after quote removal), for analysis and messages. */
  words: string[];
  /** Whether any word is a glob. */
  glob: boolean;
  /** Any further words may follow. */
  rest: boolean;
}

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
  // A deny or ask rule names a word in every Unicode normalization (`café` composed or decomposed, as macOS
  // stores names); an allow rule only in its own, since on Linux the other spelling is another file.
  if (mode === 'block' && word !== word.normalize('NFC')) {
    if (wordMatchesExactly(pattern, word.normalize('NFC'), mode)) return true;
  }
  if (mode === 'block' && word !== word.normalize('NFD')) {
    if (wordMatchesExactly(pattern, word.normalize('NFD'), mode)) return true;
  }
  return wordMatchesExactly(pattern, word, mode);
}

function wordMatchesExactly(pattern: PatternWord, word: string, mode: MatchMode): boolean {
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
