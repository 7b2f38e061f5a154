// Walks a bash syntax tree: finds every simple command (through lists, pipelines, subshells, loops,
// substitutions and heredocs), judges redirections, and the patterns that span several commands
// (`curl … | sh`, fork bombs).
import type { Node } from 'web-tree-sitter';
import { analyzeArgv, type Found, type Report } from './analyze.js';
import { arithmeticProblem, expansionProblem, substitutionsIn } from './expansions.js';
import { Guesser } from './guess.js';
import { DOWNLOADERS, isInterpreter } from './names.js';
import { parseBash } from './parser.js';
import { shellReading } from './shells.js';
import { judgeWriteTarget } from './targets.js';
import { type Arg, dangerous, staticArg, structural, unknown } from './types.js';
import { controlCharacter, evalWord } from './words.js';

/** Longest command line parsed; longer ones are 'unknown' without parsing. */
export const MAX_SOURCE_LENGTH = 64 * 1024;
/** `bash -c "bash -c '…'"` nesting. */
const MAX_SCRIPT_DEPTH = 8;
/** Syntax nesting (subshells in subshells …). */
const MAX_NODE_DEPTH = 256;

/**
 * Classify shell source into `report`, returning the programs it runs. `shell` is the program that reads
 * it (bash unless a line or a wrapper says otherwise): what another shell reads differently is judged too.
 */
export function scanScript(source: string, report: Report, depth = 0, shell = 'bash'): Found[] {
  // What cannot be read cannot be rated: rather than lose its risk (a `rm -rf ~` past the limit), such a
  // line is treated as dangerous, so a human is asked every time (and read_only refuses it).
  if (depth > MAX_SCRIPT_DEPTH) {
    report.verdicts.push(
      structural(dangerous('shell commands nested too deeply to check, so treated as dangerous')),
    );
    return [];
  }
  if (source.length > MAX_SOURCE_LENGTH) {
    report.verdicts.push(
      structural(
        dangerous(
          `command of ${source.length} characters, longer than the ${MAX_SOURCE_LENGTH} that can be checked, so treated as dangerous`,
        ),
      ),
    );
    return [];
  }
  report.verdicts.push(...shellReading(shell, source));
  // What the approver sees must be what bash reads: control characters (a carriage return that hides the
  // start of a line, an escape sequence, a NUL that ends a string early, a bidi override) are never safe.
  const control = controlCharacter(source);
  if (control)
    report.verdicts.push(structural(unknown(`the command contains the control character ${control}`)));
  // `$\<newline>{x@P}` is `${x@P}` to bash, which removes `\<newline>` before anything else; the grammar
  // does not. A continuation that glues two pieces of a word together is never read as safe.
  if (gluedContinuation(source))
    report.verdicts.push(
      structural(unknown('a line continuation inside a word, which the parser reads apart')),
    );
  // `a\<tab>b` is the one word "a<tab>b" to bash; the grammar drops the backslash and splits there.
  if (ESCAPED_TAB.test(source))
    report.verdicts.push(structural(unknown('a backslash before a tab, which the parser reads apart')));
  const tree = parseBash(source);
  if (typeof tree === 'string') {
    report.verdicts.push(structural(unknown(tree)));
    return [];
  }
  try {
    // A tree with errors is still walked: a dangerous part stays dangerous.
    if (tree.rootNode.hasError) report.verdicts.push(structural(unknown('the command could not be parsed')));
    return new Walker(report, depth, source, new Guesser(tree.rootNode), shell).walk(tree.rootNode, 0);
  } finally {
    tree.delete();
  }
}

class Walker {
  /** Descriptors the grammar left as a separate word (`0<&3`), by the offset where their redirection starts. */
  private readonly descriptors = new Map<number, string>();

  constructor(
    private readonly report: Report,
    private readonly depth: number,
    private readonly source: string,
    private readonly guesser: Guesser,
    /** The shell reading the source: nested source without a shell of its own (`eval`) is read by it too. */
    private readonly shell: string,
  ) {}

  /** Classify nested source, read by `shell` or by the shell reading this source. */
  private nested(source: string, report: Report = this.report, shell: string = this.shell): Found[] {
    return scanScript(source, report, this.depth + 1, shell);
  }

  walk(node: Node, level: number): Found[] {
    if (level > MAX_NODE_DEPTH) {
      this.report.verdicts.push(
        structural(dangerous('command nested too deeply to check, so treated as dangerous')),
      );
      return [];
    }
    const next = level + 1;
    switch (node.type) {
      case 'command':
        return this.command(node, [], next);
      case 'redirected_statement':
        return this.redirected(node, next);
      case 'pipeline':
        return this.pipeline(node, next);
      case 'file_redirect':
      case 'heredoc_redirect':
      case 'herestring_redirect':
        return this.looseRedirect(node, next);
      case 'expansion': {
        const problem = expansionProblem(node.text);
        if (problem) this.note(problem);
        return this.children(node, next);
      }
      case 'arithmetic_expansion': {
        const problem = arithmeticProblem(node.text);
        if (problem) this.note(problem);
        return this.children(node, next);
      }
      case 'command_substitution':
        this.note(
          node.text.startsWith('`')
            ? `backticks run a nested command (${brief(node.text)})`
            : `command substitution runs a nested command (${brief(node.text)})`,
        );
        return this.children(node, next);
      case 'process_substitution':
        this.note(`process substitution runs a nested command (${brief(node.text)})`);
        return this.children(node, next);
      case 'variable_assignment':
      case 'variable_assignments':
        this.note(`assignment ${brief(node.text)} changes later commands`);
        return this.children(node, next);
      case 'declaration_command':
        this.note(`${node.child(0)?.type ?? 'declare'} changes shell variables`);
        return this.children(node, next);
      case 'unset_command':
        this.note('unset changes shell variables');
        return this.children(node, next);
      case 'function_definition':
        return this.functionDefinition(node, next);
      case 'compound_statement':
        if (node.child(0)?.type === '((') this.note('arithmetic command (( … )) can assign variables');
        return this.children(node, next);
      case 'test_command':
        this.joinedLines(node);
        if (node.child(0)?.type === '[[' && /\s-(?:eq|ne|lt|le|gt|ge)\s/.test(node.text))
          this.note('[[ … -eq … ]] evaluates its operands as arithmetic');
        // -v / -R evaluate an array subscript, and bash runs a command substitution inside it.
        if (/(?:^|\s)-[vR]\s/.test(node.text))
          this.note('test -v / -R evaluates an array subscript, which can run commands');
        return this.children(node, next);
      case 'for_statement':
      case 'select_statement':
        this.note('for loop assigns a variable');
        return this.children(node, next);
      case 'c_style_for_statement':
        this.note('arithmetic for loop assigns variables');
        return this.children(node, next);
      case 'ERROR':
        this.note('the command could not be parsed');
        return this.children(node, next);
      // Inside `[[ … ]]` (and `[ … ]`, an ordinary command) a newline ends the test for bash.
      case 'binary_expression':
      case 'unary_expression':
        this.joinedLines(node);
        return this.children(node, next);
      // Quotes inside `"${x:-'…'}"` are literal characters: bash expands what is between them.
      case 'raw_string':
      case 'ansi_c_string':
        return insideDoubleQuotes(node) ? this.hiddenCommand(node) : [];
      // Text that bash never expands.
      case 'comment':
      case 'heredoc_start':
      case 'heredoc_end':
        return [];
      default:
        // The grammar can start a word with the newline that ends the previous command (`ls\n\\x`).
        if (node.type === 'word' && UNESCAPED_NEWLINE.test(node.text))
          this.note(`the parser read two lines as one command (${brief(node.text)})`);
        // Any other leaf may hold a substitution the grammar left as text (`[[ x =~ a`id` ]]`).
        if (node.namedChildCount === 0) return this.hiddenCommand(node);
        return this.children(node, next);
    }
  }

  private children(node: Node, level: number): Found[] {
    const found: Found[] = [];
    for (const child of node.namedChildren) if (child) found.push(...this.walk(child, level));
    return found;
  }

  private note(reason: string): void {
    this.report.verdicts.push(structural(unknown(reason)));
  }

  /**
   * The grammar sometimes joins two lines into one command (`tr a-z A-Z\nbash <<EOF …` reads as `tr` with
   * the argument `bash`) without reporting an error; bash ends a command at an unescaped newline. It also
   * splits words at a line continuation, which bash removes.
   */
  private joinedLines(node: Node): void {
    for (let i = 1; i < node.childCount; i++) {
      const previous = node.child(i - 1);
      const next = node.child(i);
      if (!previous || !next) continue;
      // A heredoc's body starts on the next line by definition.
      if (next.type === 'heredoc_body' || next.type === 'heredoc_end') return;
      const gap = this.source.slice(previous.endIndex, next.startIndex);
      if (UNESCAPED_NEWLINE.test(gap)) {
        this.note(`the parser read two lines as one command (${brief(node.text)})`);
        return;
      }
      // Bash removes `\<newline>` before it splits words: `ls\<newline>-la` is the one word `ls-la`.
      if (gap !== '' && gap.replaceAll('\\\n', '') === '') {
        this.note(`the parser split a word that bash reads whole (${brief(node.text)})`);
        return;
      }
    }
  }

  /**
   * A simple command: prefix assignments, name, arguments, and its own redirections. `outerRedirects` are the
   * redirections the grammar hangs on a `redirected_statement` around it.
   */
  private command(node: Node, outerRedirects: Node[], level: number): Found[] {
    this.joinedLines(node);
    const words: Node[] = [];
    const redirects: Node[] = [];
    const nested: Found[] = [];
    const assignments: string[] = [];
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child?.isNamed) continue;
      const field = node.fieldNameForChild(i);
      if (field === 'redirect' || child.type.endsWith('_redirect')) {
        redirects.push(child);
      } else if (child.type === 'variable_assignment') {
        assignments.push(child.childForFieldName('name')?.text ?? child.text);
        const value = child.childForFieldName('value');
        if (value) nested.push(...this.walk(value, level));
      } else if (field === 'name') {
        words.push(child.namedChildCount === 1 ? child.namedChild(0)! : child);
      } else if (field === 'argument' || words.length > 0) {
        words.push(child);
      }
    }
    const all = [...redirects, ...outerRedirects];
    // The grammar gives a redirection every word that follows it (`find . 2>/dev/null -exec touch x {} +`
    // reads as `find .` redirected to `/dev/null -exec touch x {} +`); bash opens the first and passes the
    // rest to the command, in order.
    for (const redirect of all) words.push(...extraWords(redirect));
    words.sort((a, b) => a.startIndex - b.startIndex);
    const argv: Arg[] = [];
    const used: Node[] = [];
    for (const word of words) {
      if (this.descriptorWord(word)) continue;
      used.push(word);
      argv.push(evalWord(word));
      nested.push(...this.walk(word, level));
    }
    if (argv.some((arg) => arg.value === null)) this.guess(used, node.startIndex);
    const name = argv[0]?.value ?? argv[0]?.raw ?? '';
    for (const variable of assignments)
      this.note(`${variable}=… sets the environment of ${name || 'the shell'}`);
    const downloader = nested.find((f) => DOWNLOADERS.has(f.name));
    const found = analyzeArgv(argv, {
      report: this.report,
      downloaded: downloader?.name ?? null,
      script: (source, shell) => this.nested(source, this.report, shell),
    });
    const fed: Found[] = [];
    for (const redirect of all) fed.push(...this.redirect(redirect, found, level));
    return [...nested, ...found, ...fed];
  }

  /**
   * `x=rm; $x -rf build`, `rm${IFS}-rf${IFS}build`: words known only at run time, whose values the line
   * itself gives. The command they would make is judged on the side; only a dangerous finding is kept
   * (the line stays 'unknown' otherwise, and its argv stays as written).
   */
  private guess(words: Node[], at: number): void {
    const fields = this.guesser.fields(words, at);
    if (!fields) return;
    const scratch: Report = { verdicts: [], commands: [] };
    analyzeArgv(fields.map(staticArg), {
      report: scratch,
      downloaded: null,
      script: (source, shell) => this.nested(source, scratch, shell),
    });
    const shown = brief(fields.join(' '));
    for (const verdict of scratch.verdicts)
      if (verdict.risk === 'dangerous')
        this.report.verdicts.push(dangerous(`${verdict.reason} (the words expand to ${shown})`));
  }

  /**
   * `0<&3`, `0>&1`, `{fd}>x`: bash reads digits (or `{name}`) right before `<` or `>` as the descriptor of
   * that redirection, not as a word of the command; the grammar sometimes leaves them as an argument (it
   * always does for `0`). Records the descriptor for the redirection and says whether `word` was one.
   */
  private descriptorWord(word: Node): boolean {
    const after = this.source.slice(word.endIndex, word.endIndex + 2);
    if (!/^[<>](?!\()/.test(after)) return false;
    if (/^[0-9]+$/.test(word.text) && (word.type === 'number' || word.type === 'word')) {
      this.descriptors.set(word.endIndex, word.text);
      return true;
    }
    if (/^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(word.text)) {
      this.note(`${word.text}${after[0]} stores a new descriptor in the variable ${word.text.slice(1, -1)}`);
      this.descriptors.set(word.endIndex, word.text);
      return true;
    }
    return false;
  }

  private redirected(node: Node, level: number): Found[] {
    this.joinedLines(node);
    const body = node.childForFieldName('body');
    const redirects = node.namedChildren.filter((c): c is Node => c?.type.endsWith('_redirect') === true);
    let found: Found[];
    if (body?.type === 'command') {
      found = this.command(body, redirects, level);
    } else {
      found = body ? this.walk(body, level) : [];
      for (const redirect of redirects) found.push(...this.looseRedirect(redirect, level));
    }
    for (const child of node.namedChildren) {
      if (child && child.id !== body?.id && !child.type.endsWith('_redirect'))
        found.push(...this.walk(child, level));
    }
    return found;
  }

  /**
   * A redirection no simple command claims (after `( … )`, `{ …; }`, a loop): bash has no command to give
   * words after it to, and rejects the line; they are still walked for what they would run.
   */
  private looseRedirect(node: Node, level: number): Found[] {
    const found = this.redirect(node, [], level);
    const extra = extraWords(node);
    if (extra.length > 0) {
      this.note(`words after a redirection that belongs to no simple command (${brief(node.text)})`);
      for (const word of extra) found.push(...this.walk(word, level));
    }
    return found;
  }

  /**
   * `curl … | sh`: a downloader's output flowing into an interpreter. A command that reads the pipe gets
   * input its argv does not show (`cat x | python3`): unless its own verdict is safe (a read-only program
   * treats its input as data), the line is not exact.
   */
  private pipeline(node: Node, level: number): Found[] {
    // In `cat <<EOF | grep x` the grammar puts `| grep x` alone under the heredoc: every stage is fed.
    const fedFromStart = node.child(0)?.isNamed === false;
    const stages: Found[][] = [];
    for (const stage of node.namedChildren) {
      if (!stage) continue;
      const before = this.report.verdicts.length;
      const found = this.walk(stage, level);
      if (
        (fedFromStart || stages.length > 0) &&
        this.report.verdicts.slice(before).some((v) => v.risk !== 'safe')
      ) {
        this.report.verdicts.push(
          structural({ risk: 'safe', reason: `${brief(stage.text)} reads the output of a pipe` }),
        );
      }
      stages.push(found);
    }
    let downloader: string | undefined;
    for (const stage of stages) {
      const runner = stage.find((f) => isInterpreter(f.name));
      if (downloader && runner) {
        this.report.verdicts.push(
          structural(dangerous(`${downloader} output piped into ${runner.name} runs downloaded code`)),
        );
      }
      downloader ??= stage.find((f) => DOWNLOADERS.has(f.name))?.name;
    }
    return stages.flat();
  }

  /** A redirection; `receivers` are the programs of the command it belongs to (for heredocs fed to a shell). */
  private redirect(node: Node, receivers: Found[], level: number): Found[] {
    this.joinedLines(node);
    if (node.type === 'file_redirect') {
      this.fileRedirect(node);
      // The words after the destination are the command's, walked with its argv.
      const extra = new Set(extraWords(node).map((w) => w.id));
      const found: Found[] = [];
      for (const child of node.namedChildren)
        if (child && !extra.has(child.id)) found.push(...this.walk(child, level));
      return found;
    }
    const shell = receivers.find((f) => f.stdinShell);
    if (node.type === 'herestring_redirect') {
      this.report.verdicts.push(structural({ risk: 'safe', reason: 'a here-string feeds the command' }));
      const found = this.children(node, level);
      const content = node.namedChildren.find((c) => c !== null && c.type !== 'file_descriptor');
      if (shell && content) {
        this.note(`here-string feeds ${shell.name}`);
        const value = evalWord(content).value;
        if (value !== null) found.push(...this.nested(value, this.report, shell.name));
        else if (found.some((f) => DOWNLOADERS.has(f.name)))
          this.report.verdicts.push(structural(dangerous(`${shell.name} runs downloaded code`)));
      }
      return found;
    }
    return this.heredoc(node, receivers, level);
  }

  /**
   * `<<EOF`, `<<-EOF`, `<<'EOF'`. The grammar's reading of heredoc bodies is not trusted (it drops leading
   * blanks and loses backticks after a tab): the body is cut from the source text and, unless the delimiter
   * is quoted, every substitution in it is judged as bash would expand it. The rest of the first line
   * (`cat <<EOF | grep x`) is walked as usual.
   */
  private heredoc(node: Node, receivers: Found[], level: number): Found[] {
    this.report.verdicts.push(structural({ risk: 'safe', reason: 'a heredoc feeds the command' }));
    const shell = receivers.find((f) => f.stdinShell);
    const found: Found[] = [];
    let delimiter = '';
    let terminated = false;
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child?.isNamed) continue;
      const field = node.fieldNameForChild(i);
      if (child.type === 'heredoc_start') delimiter = child.text;
      else if (child.type === 'heredoc_end') terminated = child.text !== '';
      // `cat <<EOF -n`, `cat <<EOF 2>/dev/null -n`: words of the command, walked with its argv.
      else if (field === 'argument') continue;
      else if (field === 'redirect') found.push(...this.redirect(child, receivers, level));
      else if (child.type !== 'heredoc_body') found.push(...this.walk(child, level));
    }
    const body = heredocBody(node.text, terminated);
    // Any quoting in the delimiter makes the body literal.
    if (!/['"\\]/.test(delimiter)) found.push(...this.expanded(body, 'heredoc body'));
    if (shell) {
      this.note(`heredoc feeds ${shell.name}`);
      found.push(...this.nested(body, this.report, shell.name));
    }
    return found;
  }

  /** Judges the substitutions bash makes in text expanded like a double-quoted string. */
  private expanded(text: string, where: string): Found[] {
    const found: Found[] = [];
    for (const sub of substitutionsIn(text)) {
      if (sub.kind === '${') {
        const problem = expansionProblem(sub.text);
        if (problem) this.note(`${where}: ${problem}`);
        found.push(...this.expanded(sub.inner, where));
      } else if (sub.kind === '$((' || sub.kind === '$[') {
        const problem = arithmeticProblem(sub.text);
        if (problem) this.note(`${where}: ${problem}`);
        found.push(...this.expanded(sub.inner, where));
      } else {
        this.note(`${where} runs a command substitution (${brief(sub.text)})`);
        const inner = sub.kind === '`' ? sub.inner.replace(/\\([$`\\])/g, '$1') : sub.inner;
        found.push(...this.nested(inner));
      }
    }
    return found;
  }

  private fileRedirect(node: Node): void {
    const op = operatorOf(node);
    const fd = node.childForFieldName('descriptor')?.text ?? this.descriptors.get(node.startIndex);
    // `2>&-`, `<&-`: a program may open a file onto the closed descriptor and then write its messages there.
    if (op === '<&-' || op === '>&-') {
      this.report.verdicts.push(
        structural({ risk: 'safe', reason: `${fd ?? ''}${op} closes a descriptor of the command` }),
      );
      return;
    }
    const destination = node.childForFieldName('destination');
    if (!destination) return;
    if (op === '<') {
      // bash opens /dev/tcp/host/port itself.
      if (/^\/dev\/(?:tcp|udp)\//.test(destination.text))
        this.note(`< ${destination.text} opens a network connection`);
      // What the command reads is not in its argv.
      else
        this.report.verdicts.push(
          structural({ risk: 'safe', reason: `< ${destination.text} feeds the command` }),
        );
      return;
    }
    // `<&3`, `0<&3`, `<&0`: input from another descriptor, which the argv does not show.
    if (op === '<&') {
      this.report.verdicts.push(
        structural({ risk: 'safe', reason: `${fd ?? ''}<&${destination.text} feeds the command` }),
      );
      return;
    }
    if (op === '<>') {
      this.note(`<> ${destination.text} opens a file for writing`);
      return;
    }
    if (!/^(?:>|>>|&>|&>>|>\||>&)$/.test(op)) return;
    if (op === '>&' && /^(?:\d+|-)$/.test(destination.text)) {
      // `>&2`, `2>&1`: duplicating an output descriptor writes no file. `0>&3` is input from descriptor 3,
      // `3>&1` hands the program a descriptor its argv does not show.
      if (fd !== undefined && fd !== '1' && fd !== '2')
        this.report.verdicts.push(
          structural({
            risk: 'safe',
            reason: `${fd}>&${destination.text} gives the command descriptor ${fd}`,
          }),
        );
      return;
    }
    const target = evalWord(destination);
    if (target.value === null) {
      this.note(`${op} writes to a file named at run time (${destination.text})`);
      return;
    }
    const verdict = judgeWriteTarget(target.value, `${op} ${target.value}`, () =>
      unknown(`${op} ${target.value} writes a file`),
    );
    if (verdict) this.report.verdicts.push(structural(verdict));
  }

  /**
   * The grammar leaves some substitutions as plain text (backticks inside `${x:-…}`); bash still runs them.
   * Flag them, and judge the backtick contents when they can be cut out.
   */
  private hiddenCommand(node: Node): Found[] {
    const text = node.text;
    if (!/(?:^|[^\\])(?:\\\\)*(?:`|\$[([{])/.test(text)) return [];
    this.note(`nested command the parser did not separate (${brief(text)})`);
    const found: Found[] = [];
    for (const match of text.matchAll(/`([^`]*)`/g)) found.push(...this.nested(match[1]!));
    return found;
  }

  /** `:(){ :|:& };:` — a function that calls itself in a pipeline or in the background. */
  private functionDefinition(node: Node, level: number): Found[] {
    const name = node.childForFieldName('name')?.text ?? '';
    this.note(`defines the shell function ${name}`);
    const body = node.childForFieldName('body');
    const found = body ? this.walk(body, level) : [];
    if (found.some((f) => f.name === name)) {
      if (body && /[|&]/.test(body.text))
        this.report.verdicts.push(dangerous(`fork bomb: ${name} spawns itself`));
      else this.note(`${name} calls itself`);
    }
    return found;
  }
}

/** The operator of a redirection (`>`, `2>&1`'s `>&`, `<&-`). */
function operatorOf(node: Node): string {
  return node.children.find((c) => c !== null && !c.isNamed)?.type ?? '';
}

/** The children of `node` in field `field`. */
function fieldChildren(node: Node, field: string): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && node.fieldNameForChild(i) === field) out.push(child);
  }
  return out;
}

/**
 * The words the grammar hangs on a redirection that bash gives to the command: every destination after the
 * first (`>&2 -rf build`), all of them after a close (`2>&- x`), the words after a heredoc's delimiter and
 * those of the redirections that follow it.
 */
function extraWords(node: Node): Node[] {
  if (node.type === 'file_redirect') {
    const destinations = fieldChildren(node, 'destination');
    const op = operatorOf(node);
    return op === '<&-' || op === '>&-' ? destinations : destinations.slice(1);
  }
  if (node.type === 'heredoc_redirect') {
    const words = fieldChildren(node, 'argument');
    for (const inner of fieldChildren(node, 'redirect')) words.push(...extraWords(inner));
    return words;
  }
  return [];
}

/** A backslash-newline with something other than a blank before it (an escaped backslash counts). */
function gluedContinuation(source: string): boolean {
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) {
    let start = i;
    while (start > 0 && source[start - 1] === '\\') start--;
    const run = i - start;
    if (run % 2 === 1 && (run > 1 || (start > 0 && !/\s/.test(source[start - 1]!)))) return true;
  }
  return false;
}

/** A tab after an odd number of backslashes. */
const ESCAPED_TAB = /(?:^|[^\\])(?:\\\\)*\\\t/;

/** A newline after an even number of backslashes (none included): it ends a command. */
const UNESCAPED_NEWLINE = /(?:^|[^\\])(?:\\\\)*\n/;

/** The node is in a double-quoted string, with no command substitution starting a new quoting context between. */
function insideDoubleQuotes(node: Node): boolean {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === 'string' || up.type === 'translated_string') return true;
    if (up.type === 'command_substitution' || up.type === 'process_substitution') return false;
  }
  return false;
}

/**
 * The body of a heredoc from its redirect's text (`<<EOF rest-of-line\nbody\nEOF`): what follows the first
 * line, without the closing delimiter line.
 */
function heredocBody(text: string, terminated: boolean): string {
  const nl = text.indexOf('\n');
  if (nl < 0) return '';
  const body = text.slice(nl + 1);
  if (!terminated) return body;
  const last = body.lastIndexOf('\n');
  return last < 0 ? '' : body.slice(0, last + 1);
}

/** A short excerpt of source for a reason. */
function brief(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 37)}…` : line;
}
