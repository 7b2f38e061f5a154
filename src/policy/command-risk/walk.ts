// Walks a bash syntax tree: finds every simple command (through lists, pipelines, subshells, loops,
// substitutions and heredocs), judges redirections, and the patterns that span several commands
// (`curl … | sh`, fork bombs).
import type { Node } from 'web-tree-sitter';
import { analyzeArgv, type Found, type Report } from './analyze.js';
import { DOWNLOADERS, isInterpreter } from './names.js';
import { parseBash } from './parser.js';
import { judgeWriteTarget } from './targets.js';
import { type Arg, dangerous, structural, unknown } from './types.js';
import { evalWord } from './words.js';

/** Longest command line parsed; longer ones are 'unknown' without parsing. */
export const MAX_SOURCE_LENGTH = 64 * 1024;
/** `bash -c "bash -c '…'"` nesting. */
const MAX_SCRIPT_DEPTH = 8;
/** Syntax nesting (subshells in subshells …). */
const MAX_NODE_DEPTH = 256;

export function scanScript(source: string, report: Report, depth = 0): Found[] {
  if (depth > MAX_SCRIPT_DEPTH) {
    report.verdicts.push(structural(unknown('shell commands nested too deeply')));
    return [];
  }
  if (source.length > MAX_SOURCE_LENGTH) {
    report.verdicts.push(structural(unknown(`command longer than ${MAX_SOURCE_LENGTH} characters`)));
    return [];
  }
  const tree = parseBash(source);
  if (typeof tree === 'string') {
    report.verdicts.push(structural(unknown(tree)));
    return [];
  }
  try {
    // A tree with errors is still walked: a dangerous part stays dangerous.
    if (tree.rootNode.hasError) report.verdicts.push(structural(unknown('the command could not be parsed')));
    return new Walker(report, depth).walk(tree.rootNode, 0);
  } finally {
    tree.delete();
  }
}

class Walker {
  constructor(
    private readonly report: Report,
    private readonly depth: number,
  ) {}

  walk(node: Node, level: number): Found[] {
    if (level > MAX_NODE_DEPTH) {
      this.report.verdicts.push(structural(unknown('command nested too deeply')));
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
        return this.redirect(node, [], next);
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
      case 'word':
      case 'string_content':
        return this.hiddenCommand(node);
      case 'comment':
      case 'heredoc_start':
      case 'heredoc_end':
        return [];
      default:
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

  /** A simple command: prefix assignments, name, arguments, and its own redirections. */
  private command(node: Node, outerRedirects: Node[], level: number): Found[] {
    const argv: Arg[] = [];
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
        const word = child.namedChildCount === 1 ? child.namedChild(0)! : child;
        argv.push(evalWord(word));
        nested.push(...this.walk(word, level));
      } else if (field === 'argument' || argv.length > 0) {
        argv.push(evalWord(child));
        nested.push(...this.walk(child, level));
      }
    }
    const name = argv[0]?.value ?? argv[0]?.raw ?? '';
    for (const variable of assignments)
      this.note(`${variable}=… sets the environment of ${name || 'the shell'}`);
    const downloader = nested.find((f) => DOWNLOADERS.has(f.name));
    const found = analyzeArgv(argv, {
      report: this.report,
      downloaded: downloader?.name ?? null,
      script: (source) => scanScript(source, this.report, this.depth + 1),
    });
    const fed: Found[] = [];
    for (const redirect of [...redirects, ...outerRedirects])
      fed.push(...this.redirect(redirect, found, level));
    return [...nested, ...found, ...fed];
  }

  private redirected(node: Node, level: number): Found[] {
    const body = node.childForFieldName('body');
    const redirects = node.namedChildren.filter((c): c is Node => c?.type.endsWith('_redirect') === true);
    if (body?.type === 'command') return this.command(body, redirects, level);
    const found = body ? this.walk(body, level) : [];
    for (const redirect of redirects) found.push(...this.redirect(redirect, [], level));
    for (const child of node.namedChildren) {
      if (child && child !== body && !child.type.endsWith('_redirect'))
        found.push(...this.walk(child, level));
    }
    return found;
  }

  /** `curl … | sh`: a downloader's output flowing into an interpreter. */
  private pipeline(node: Node, level: number): Found[] {
    const stages = node.namedChildren
      .filter((c): c is Node => c !== null)
      .map((stage) => this.walk(stage, level));
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
    if (node.type === 'file_redirect') {
      this.fileRedirect(node);
      return this.children(node, level);
    }
    const shell = receivers.find((f) => f.stdinShell);
    if (node.type === 'herestring_redirect') {
      const found = this.children(node, level);
      const content = node.namedChildren.find((c) => c !== null && c.type !== 'file_descriptor');
      if (shell && content) {
        this.note(`here-string feeds ${shell.name}`);
        const value = evalWord(content).value;
        if (value !== null) found.push(...scanScript(value, this.report, this.depth + 1));
        else if (found.some((f) => DOWNLOADERS.has(f.name)))
          this.report.verdicts.push(structural(dangerous(`${shell.name} runs downloaded code`)));
      }
      return found;
    }
    // heredoc_redirect: its body is data (except expansions in it); the rest of the line can follow inside.
    const found: Found[] = [];
    let body: Node | undefined;
    for (const child of node.namedChildren) {
      if (!child || child.type === 'heredoc_start' || child.type === 'heredoc_end') continue;
      if (child.type === 'heredoc_body') body = child;
      found.push(...this.walk(child, level));
    }
    if (shell && body) {
      this.note(`heredoc feeds ${shell.name}`);
      found.push(...scanScript(body.text, this.report, this.depth + 1));
    }
    return found;
  }

  private fileRedirect(node: Node): void {
    const op = node.children.find((c) => c !== null && !c.isNamed)?.type ?? '';
    const destination = node.childForFieldName('destination');
    if (!destination) return;
    if (op === '<') {
      // bash opens /dev/tcp/host/port itself.
      if (/^\/dev\/(?:tcp|udp)\//.test(destination.text))
        this.note(`< ${destination.text} opens a network connection`);
      return;
    }
    if (!/^(?:>|>>|&>|&>>|>\||>&)$/.test(op)) return;
    // `>&2`, `2>&1`: duplicating a descriptor writes no file.
    if (op === '>&' && /^(?:\d+|-)$/.test(destination.text)) return;
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
    if (!/(?:^|[^\\])(?:\\\\)*(?:`|\$\()/.test(text)) return [];
    this.note(`nested command the parser did not separate (${brief(text)})`);
    const found: Found[] = [];
    for (const match of text.matchAll(/`([^`]*)`/g))
      found.push(...scanScript(match[1]!, this.report, this.depth + 1));
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

/** A short excerpt of source for a reason. */
function brief(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 37)}…` : line;
}
