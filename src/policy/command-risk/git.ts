// git: the read-only subcommands are safe without options that run programs or write files; the
// history- and work-destroying forms are dangerous; everything else is unknown.
import { findOption, hasOption, type Parsed, parseOptions } from './options.js';
import { type Arg, dangerous, literal, opaque, type Rule, shown, unknown, type Verdict } from './types.js';

const READ_ONLY = new Set(['status', 'log', 'diff', 'show', 'branch', 'rev-parse', 'ls-files', 'blame']);

/** Global options that change nothing but output. */
const HARMLESS_GLOBALS = new Set([
  '-P',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--no-advice',
  '--version',
  '--html-path',
  '--man-path',
  '--info-path',
]);

/** Harmless global options that take a value (in the next word unless written `--name=value`). */
const VALUE_GLOBALS = new Set(['--namespace', '--super-prefix', '--attr-source', '--list-cmds']);

/** Pathspecs that cover the whole work tree. */
const WHOLE_TREE = new Set(['.', './', ':/', ':/*', '*', ':(top)', ':(top).']);

export const gitRule: Rule = (args) => {
  const verdicts: Verdict[] = [];
  // `git --help` lists commands; `git --help log` opens the manual (man, info or a browser).
  let helpGlobal = false;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (opaque(arg)) return [unknown('git gets options known only at run time')];
    const word = arg.value!;
    if (!word.startsWith('-')) break;
    const name = word.split('=')[0]!;
    const separateValue = !word.includes('=');
    // The value of a global option is a directory, a namespace or a tree: one known only at run time (`-C
    // "$D"`, `-C s?b`, the word xargs appends to `git -C`) could name a repository the line does not show.
    const value = separateValue ? args[i + 1] : undefined;
    if (value && !literal(value) && (word === '-C' || VALUE_GLOBALS.has(name)))
      verdicts.push(unknown(`git ${word} gets a value known only at run time (${value.raw})`));
    if (word === '-C') i++;
    else if (word.startsWith('-c') || name === '--config-env') {
      verdicts.push(unknown('git -c sets configuration that can run commands (core.pager, core.sshCommand)'));
      if (word === '-c' || (name === '--config-env' && separateValue)) i++;
    } else if (name === '--exec-path')
      verdicts.push(unknown('git --exec-path runs git programs from elsewhere'));
    else if (word === '-p' || word === '--paginate')
      verdicts.push(unknown('git -p pages output through a pager'));
    else if (word === '--help') helpGlobal = true;
    else if (name === '--git-dir' || name === '--work-tree') {
      verdicts.push(unknown(`git ${name} uses another repository and its configuration`));
      if (separateValue) i++;
    } else if (VALUE_GLOBALS.has(name)) {
      if (separateValue) i++;
    } else if (!HARMLESS_GLOBALS.has(word)) verdicts.push(unknown(`git option ${word} is not recognised`));
  }
  const sub = args[i];
  if (!sub) return verdicts;
  if (helpGlobal) verdicts.push(unknown('git --help COMMAND opens the manual in another program'));
  if (opaque(sub)) return [...verdicts, unknown('git subcommand known only at run time')];
  const subcommand = sub.value!;
  const rest = args.slice(i + 1);
  const danger = Object.hasOwn(DANGER, subcommand) ? DANGER[subcommand]!(rest) : [];
  if (danger.length > 0) return [...verdicts, ...danger];
  if (!READ_ONLY.has(subcommand)) return [...verdicts, unknown(`git ${subcommand} is not in the safe list`)];
  return [...verdicts, ...readOnlyProblems(subcommand, rest)];
};

function readOnlyProblems(sub: string, args: Arg[]): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const arg of args) {
    if (opaque(arg)) {
      verdicts.push(unknown(`git ${sub} gets arguments known only at run time`));
      break;
    }
    const word = arg.value!;
    if (word === '--') break;
    const name = word.split('=')[0]!;
    const long = RUNS_OR_WRITES.find((option) => abbreviates(name, option));
    if (long) verdicts.push(unknown(`git ${sub} ${name} ${RUNS_OR_WRITES_REASON[long]}`));
    else if (name.startsWith('--exec') || name === '--upload-pack' || name === '--receive-pack')
      verdicts.push(unknown(`git ${sub} ${name} runs a program`));
    // Signature placeholders (`%G?`, `%GS`, `%(signature)`) make git run gpg to verify commits.
    if (/^--(?:format|pretty)=/.test(word) && /%G|%\(signature/.test(word))
      verdicts.push(unknown(`git ${sub} ${brief(word)} runs gpg to verify signatures`));
  }
  if (sub === 'branch') verdicts.push(...branchProblems(args));
  return verdicts;
}

/** Long options of the read-only subcommands that run programs or write files. */
const RUNS_OR_WRITES_REASON: Record<string, string> = {
  '--output': 'writes a file',
  '--ext-diff': 'runs an external diff program',
  '--textconv': 'runs conversion filters',
  '--show-signature': 'runs gpg to verify signatures',
  '--help': 'opens the manual in another program',
};
const RUNS_OR_WRITES = Object.keys(RUNS_OR_WRITES_REASON);
/** Real options that are also prefixes of the ones above: git takes an exact name before an abbreviation. */
const EXACT_NAMES = new Set(['--text']);

/** git accepts unambiguous abbreviations of long options (`--outp=x` is `--output=x`). */
function abbreviates(name: string, option: string): boolean {
  if (name === option) return true;
  return name.length >= 3 && option.startsWith(name) && !EXACT_NAMES.has(name);
}

function brief(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Options of `git branch` that only list; any other option or a name without --list changes branches. */
const BRANCH_LIST_FLAGS = new Set([
  '-a',
  '--all',
  '-r',
  '--remotes',
  '-l',
  '--list',
  '-v',
  '-vv',
  '--verbose',
  '--show-current',
  '--no-color',
  '--no-column',
  '-i',
  '--ignore-case',
  '--no-abbrev',
  '-q',
  '--quiet',
  '--omit-empty',
]);
const BRANCH_LIST_VALUES = new Set(['--contains', '--no-contains', '--merged', '--no-merged', '--points-at']);
const BRANCH_LIST_ATTACHED = new Set([
  '--sort',
  '--format',
  '--color',
  '--column',
  '--abbrev',
  ...BRANCH_LIST_VALUES,
]);

function branchProblems(args: Arg[]): Verdict[] {
  if (args.some(opaque)) return [];
  const listing = args.some((a) => a.value === '-l' || a.value === '--list');
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!.value!;
    if (!word.startsWith('-')) {
      if (listing) continue;
      return [unknown(`git branch ${word} creates a branch`)];
    }
    const name = word.split('=')[0]!;
    if (BRANCH_LIST_FLAGS.has(word) || (word.includes('=') && BRANCH_LIST_ATTACHED.has(name))) continue;
    if (BRANCH_LIST_VALUES.has(word) || word === '--sort' || word === '--format') {
      i++;
      continue;
    }
    return [unknown(`git branch ${word} changes branches`)];
  }
  return [];
}

const PUSH_LONG = [
  'all',
  'branches',
  'mirror',
  'delete',
  'tags',
  'dry-run',
  'porcelain',
  'force',
  'force-with-lease',
  'force-if-includes',
  'recurse-submodules',
  'thin',
  'receive-pack',
  'exec',
  'repo',
  'set-upstream',
  'push-option',
  'progress',
  'prune',
  'verify',
  'follow-tags',
  'signed',
  'atomic',
  'ipv4',
  'ipv6',
  'quiet',
  'verbose',
];

function push(args: Arg[]): Verdict[] {
  const p = parseOptions(args, {
    shortValue: 'o',
    longValue: ['push-option', 'receive-pack', 'exec', 'repo'],
    long: PUSH_LONG,
  });
  const verdicts: Verdict[] = [];
  const force = findOption(p, '-f', '--force', '--force-with-lease', '--force-if-includes');
  if (force || p.operands.some((a) => a.value?.startsWith('+')))
    verdicts.push(dangerous(`git push ${force?.name ?? '+refspec'} rewrites remote history`));
  if (hasOption(p, '-d', '--delete') || p.operands.some((a) => a.value?.startsWith(':')))
    verdicts.push(dangerous('git push --delete deletes remote branches'));
  const mirror = findOption(p, '--mirror', '--prune');
  if (mirror) verdicts.push(dangerous(`git push ${mirror.name} deletes remote refs`));
  return verdicts;
}

function reset(args: Arg[]): Verdict[] {
  const p = parseOptions(args, {
    long: ['hard', 'soft', 'mixed', 'merge', 'keep', 'quiet', 'patch', 'recurse-submodules', 'intent-to-add'],
  });
  return hasOption(p, '--hard') ? [dangerous('git reset --hard discards uncommitted changes')] : [];
}

function clean(args: Arg[]): Verdict[] {
  const p = parseOptions(args, {
    shortValue: 'e',
    longValue: ['exclude'],
    long: ['force', 'dry-run', 'quiet', 'interactive', 'exclude'],
  });
  if (!hasOption(p, '-f', '--force') || hasOption(p, '-n', '--dry-run')) return [];
  return [dangerous('git clean -f deletes untracked files')];
}

function wholeTree(p: Parsed): string | undefined {
  const operand = p.operands.find((a) => a.value !== null && WHOLE_TREE.has(a.value));
  return operand ? shown(operand) : undefined;
}

function checkout(args: Arg[]): Verdict[] {
  const p = parseOptions(args, {
    shortValue: 'bB',
    longValue: ['orphan', 'conflict', 'pathspec-from-file'],
    long: ['force', 'quiet', 'merge', 'detach', 'track', 'orphan', 'ours', 'theirs', 'patch', 'conflict'],
  });
  const verdicts: Verdict[] = [];
  if (hasOption(p, '-f', '--force'))
    verdicts.push(dangerous('git checkout --force discards uncommitted changes'));
  const tree = wholeTree(p);
  if (tree) verdicts.push(dangerous(`git checkout ${tree} discards all uncommitted changes`));
  return verdicts;
}

function restore(args: Arg[]): Verdict[] {
  const p = parseOptions(args, {
    shortValue: 's',
    longValue: ['source', 'pathspec-from-file'],
    long: [
      'source',
      'staged',
      'worktree',
      'patch',
      'quiet',
      'ours',
      'theirs',
      'merge',
      'overlay',
      'no-overlay',
    ],
  });
  // --staged alone only unstages; the work tree is kept.
  const onlyStaged = hasOption(p, '-S', '--staged') && !hasOption(p, '-W', '--worktree');
  const tree = wholeTree(p);
  return tree && !onlyStaged ? [dangerous(`git restore ${tree} discards all uncommitted changes`)] : [];
}

const DANGER: Record<string, (args: Arg[]) => Verdict[]> = { push, reset, clean, checkout, restore };

/** Options of `git log` that only choose, order or label commits, or list names: no file content. */
const LOG_NAMES_ONLY = new Set([
  '--oneline',
  '--graph',
  '--decorate',
  '--no-decorate',
  '--all',
  '--branches',
  '--tags',
  '--remotes',
  '--reverse',
  '--first-parent',
  '--no-merges',
  '--merges',
  '--abbrev-commit',
  '--no-abbrev-commit',
  '--name-only',
  '--name-status',
  '--stat',
  '--shortstat',
  '--summary',
  '--date-order',
  '--topo-order',
  '--author-date-order',
  '--left-right',
  '--boundary',
  '--no-color',
  '--color',
  '--pretty',
  '-n',
]);
/** `git log` options with an attached value that chooses or labels commits. */
const LOG_NAMES_ONLY_VALUE =
  /^(?:-\d+|-n\d+|--(?:max-count|skip|since|after|until|before|author|committer|grep|date|format|pretty|decorate|color|abbrev)=.*)$/s;

/**
 * Whether a git command from the safe list, given as its subcommand and arguments, can print the content of
 * a file git stores (a patch, a blob, blame lines, `status -v`'s diff) — or tell it apart by searching
 * (`log -S`). Only names, ids and commit messages otherwise. Anything not proved names-only prints.
 */
export function gitPrintsStoredContent(words: readonly string[]): boolean {
  const [sub, ...args] = words;
  const options = args.filter((word) => word.startsWith('-'));
  switch (sub) {
    case 'branch':
    case 'rev-parse':
    case 'ls-files':
      return false;
    case 'status':
      // -v shows the staged changes as a patch (-vv the unstaged ones too).
      return options.some((o) => (/^-[^-]/.test(o) && o.includes('v')) || abbreviates(o, '--verbose'));
    case 'log': {
      const end = args.indexOf('--');
      return (end < 0 ? args : args.slice(0, end)).some(
        (word) => word.startsWith('-') && !LOG_NAMES_ONLY.has(word) && !LOG_NAMES_ONLY_VALUE.test(word),
      );
    }
    default:
      return true;
  }
}
