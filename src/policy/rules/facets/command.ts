// The command facet: `exec_command(npm test:*)`, `{ "tool": "bash", "command": ["git", "push"] }`. A call
// carries it as `argv` (one word list per sub-command the classifier found on the line) and `argvExact`.
// Deny and ask rules fire on any sub-command, even one decided at run time; allow rules need an exact line
// with every sub-command covered.
import type { PermissionBehavior } from '../../../types/index.js';
import { classifyCommand } from '../../command-risk/index.js';
import { type CommandMatcher, commandMatcher, literalCommand } from './command-match.js';
import { parseCommandPattern, quoteWord } from './command-words.js';
import { type FacetDefinition, INVISIBLE, type Warn } from './definition.js';

/** What a call carries of the command facet. */
export interface CommandValues {
  /** Each sub-command's argv. */
  argv: string[][];
  /** Whether the classifier read the line exactly (no redirections, substitutions or variables). */
  exact: boolean;
  /** The scope's risk: allow rules and "always" never apply to a dangerous command. */
  risk: unknown;
  /** The line runs in a working directory other than the turn's. */
  elsewhere: boolean;
}

export const commandFacet: FacetDefinition<'command', CommandMatcher, string[], CommandValues, string[]> = {
  name: 'command',
  noun: 'a command',
  actionKinds: ['shell_command'],
  // A tool that declares no facets: a specifier that is no command pattern (`src/(a)`) is read as a path only.
  ifUndeclared: 'optional',
  parse: (spec) => commandMatcher(parseCommandPattern(spec)),
  checkSpecifier: warnWords,

  schema: {
    type: 'array',
    minItems: 1,
    items: { type: 'string' },
    description: 'A prefix of shell tokens, matched on every sub-command.',
  },
  parseStructured: (words) => commandMatcher(literalCommand(words)),
  checkStructured(words, behavior, warn, at) {
    words.forEach((word, i) => {
      // Each entry is one literal shell word: `["git push"]` or `["*"]` matches nothing a model will send.
      if (word === '' || /\s/.test(word) || word === '*')
        warn(
          `${at}[${i}]`,
          `${JSON.stringify(word)} is one literal word, so this prefix ${word === '*' ? 'matches only a literal "*"' : 'can never match'}; give each word its own entry (["git", "push"])${word === '*' ? ' or leave the rest out: a prefix already matches any further words' : ''}`,
        );
    });
    warnWords(words.join(' '), behavior, warn, at);
  },
  matchesExample(matcher, example, mode) {
    const risk = classifyCommand(example);
    if (mode === 'allow')
      return risk.exact && risk.commands.length > 0 && risk.commands.every((c) => matcher.test(c, mode));
    return risk.commands.some((c) => matcher.test(c, mode));
  },
  allowExampleNote: (example) =>
    classifyCommand(example).exact
      ? undefined
      : ' (allow rules only match exact command lines: no redirections, substitutions or variables)',

  read(scope) {
    if (!Array.isArray(scope.argv)) return undefined;
    return {
      argv: scope.argv.filter((a): a is string[] => Array.isArray(a)).map((a) => a.map(String)),
      exact: scope.argvExact === true,
      risk: scope.risk,
      elsewhere: scope.elsewhere === true,
    };
  },
  items: (values) => values.argv,
  test: (matcher, argv, mode) => matcher.test(argv, mode),
  // A line the classifier could not read exactly may run more than its listed commands: no rule allows it.
  // Nor does one run a relative program in another directory than the rule was written for (`./x` there).
  allowable: (values) =>
    values.exact && values.argv.length > 0 && !runsRelativeProgramElsewhere(values.argv, values.elsewhere),
  undecided: {
    // `git $X`, `/bin/r? x`, or a line whose commands the classifier could not list at all: a deny rule must
    // not be sidestepped by spelling its command dynamically.
    mayMatch(matcher, values) {
      if (values.argv.length === 0) return !values.exact && values.risk !== 'safe';
      return values.argv.some((a) => matcher.mayMatch(a));
    },
    because: (rule, verb) =>
      `part of the command is decided only when it runs (a variable, substitution, glob or brace expansion), so it may run what ${rule} ${verb}`,
    unreadable: (rule, values) =>
      // No command listed and rated dangerous: the classifier gave up on the line (too long or nested too deep).
      values.argv.length === 0 && !values.exact && values.risk === 'dangerous'
        ? `the command line is too long or nested too deeply to check it against ${rule}, so that rule refuses it; send a shorter line, or put the script in a file and run the file`
        : undefined,
  },
  suggest(tool, values) {
    if (!values.exact || values.argv.length === 0 || values.risk === 'dangerous') return undefined;
    if (runsRelativeProgramElsewhere(values.argv, values.elsewhere)) return undefined;
    const rules: string[] = [];
    for (const argv of values.argv) {
      if (argv.length === 0 || argv.some((w) => INVISIBLE.test(w))) return undefined;
      rules.push(`${tool}(${argv.map(quoteWord).join(' ')})`);
    }
    return rules;
  },
};

const DIRECTORY_CHANGERS = new Set(['cd', 'pushd', 'popd']);

/**
 * `cd sub && ./build.sh`, or `./build.sh` with `workdir: "sub"`: the human saw sub/build.sh run, but a rule
 * `exec_command(./build.sh)` would allow whatever ./build.sh any working directory holds. Rules carry no
 * working directory (nor do Codex's and Claude Code's), so such a line gets no rule at all.
 */
function runsRelativeProgramElsewhere(argv: string[][], elsewhere: boolean): boolean {
  const relative = (a: string[]) => {
    const program = a[0] ?? '';
    return program.includes('/') && !program.startsWith('/');
  };
  if (elsewhere) return argv.some(relative);
  const changes = argv.findIndex((a) => DIRECTORY_CHANGERS.has(a[0] ?? ''));
  return changes !== -1 && argv.slice(changes + 1).some(relative);
}

/** Characters in a pattern that make it never match, or match less than it seems to. */
function warnWords(text: string, behavior: PermissionBehavior, warn: Warn, at: string) {
  if (behavior === 'allow' && INVISIBLE.test(text))
    warn(at, 'the pattern has control or invisible characters, which allow rules never match');
  const odd = [...new Set(text.match(/[^\x00-\x7f]/gu) ?? [])];
  if (odd.length > 0) {
    const list = odd.map((c) => `${c} (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
    warn(
      at,
      `the pattern has non-ASCII characters ${list.join(', ')}; they match only themselves, never a look-alike`,
    );
  }
}
