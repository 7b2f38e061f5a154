// Turn rule text (`exec_command(git status)`) and structured rules into compiled rules, checking their
// examples. Problems are RuleErrors carrying the JSON path of the rule; doubts are warnings.
import path from 'node:path';
import { canonicalizeSync } from '../../sandbox/canonical.js';
import type { PermissionBehavior } from '../../types/index.js';
import { classifyCommand } from '../command-risk/index.js';
import {
  commandMatcher,
  domainMatcher,
  exampleHost,
  literalCommand,
  type PathBase,
  pathMatcher,
} from './matchers.js';
import { INVISIBLE, PatternError, parseCommandPattern } from './shell-words.js';
import {
  type Facet,
  parseToolSelector,
  selectorFacets,
  selectorMatches,
  selectorText,
} from './tool-selector.js';
import type {
  CompiledRule,
  LayerName,
  MatchMode,
  PolicyWarning,
  StructuredRule,
  ToolSelector,
} from './types.js';

/** A rule that cannot be loaded; `path` is its JSON path in the file (`allow[2]`, `rules[0].match[1]`). */
export class RuleError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CompileContext {
  layer: LayerName;
  source: string;
  base: PathBase;
  /** Tool names that exist, for "unknown tool" warnings (none given: no such warnings). */
  knownTools?: ReadonlySet<string>;
  warnings: PolicyWarning[];
  /** Next ordinal across all layers. */
  nextOrder(): number;
}

const SPEC = /^(Class\([a-z_]*\)|[^()]+)(?:\(([\s\S]*)\))?$/;

/** Compile one `Tool(specifier)` string from an allow / ask / deny list. */
export function compileRuleText(
  text: string,
  behavior: PermissionBehavior,
  ctx: CompileContext,
  at: string,
): CompiledRule {
  const m = SPEC.exec(text.trim());
  if (!m) {
    throw new RuleError(
      at,
      `"${text}" is not a rule; write Tool or Tool(specifier), e.g. exec_command(git status), read_file(./secrets/**), web_fetch(domain:example.com), mcp__server__tool, Class(mcp_read)`,
    );
  }
  const tool = selector(m[1]!.trim(), at);
  const spec = m[2];
  const rule = base(text.trim(), behavior, tool, ctx, at);
  warnTool(tool, ctx, at);
  if (spec === undefined || spec.trim() === '*') return rule;
  if (spec.trim() === '')
    throw new RuleError(at, `"${text}" has an empty specifier; drop the parentheses to match every call`);
  const facets = selectorFacets(tool);
  try {
    if (spec.startsWith('domain:')) {
      rule.domain = domainMatcher(spec.slice('domain:'.length));
      warnFacet(tool, facets, 'domain', ctx, at);
    } else if (facets?.includes('command')) {
      rule.command = commandMatcher(parseCommandPattern(spec));
    } else if (facets?.includes('path')) {
      rule.path = pathMatcher(spec, ctx.base);
    } else {
      if (facets) {
        warn(
          ctx,
          at,
          `${selectorText(tool)} calls carry no command or path, so "${text}" can never match${facets.includes('domain') ? `; write ${selectorText(tool)}(domain:HOST)` : ''}`,
        );
      }
      // A user tool: its intents may carry argv or paths; match whichever they do.
      let commandProblem: unknown;
      try {
        rule.command = commandMatcher(parseCommandPattern(spec));
      } catch (error) {
        commandProblem = error;
      }
      rule.path = pathMatcher(spec, ctx.base);
      if (commandProblem && !rule.path) throw commandProblem;
    }
  } catch (error) {
    if (error instanceof PatternError) throw new RuleError(at, `${text}: ${error.message}`);
    throw error;
  }
  if (rule.command) warnWords(spec, behavior, ctx, at);
  return rule;
}

/** Compile one structured rule and check its examples. */
export function compileStructured(raw: StructuredRule, ctx: CompileContext, at: string): CompiledRule {
  const tool = selector(raw.tool.trim(), `${at}.tool`);
  const rule = base(at, raw.decision, tool, ctx, at);
  if (raw.message !== undefined) rule.message = raw.message;
  warnTool(tool, ctx, `${at}.tool`);
  const given = (['command', 'path', 'domain'] as const).filter((k) => raw[k] !== undefined);
  if (given.length > 1)
    throw new RuleError(
      at,
      `a rule matches on one of command, path or domain; this one has ${given.join(' and ')}`,
    );
  const facets = selectorFacets(tool);
  try {
    if (raw.command !== undefined) {
      rule.command = commandMatcher(literalCommand(raw.command));
      warnFacet(tool, facets, 'command', ctx, at);
      raw.command.forEach((word, i) => {
        // Each entry is one literal shell word: `["git push"]` or `["*"]` matches nothing a model will send.
        if (word === '' || /\s/.test(word) || word === '*')
          warn(
            ctx,
            `${at}.command[${i}]`,
            `${JSON.stringify(word)} is one literal word, so this prefix ${word === '*' ? 'matches only a literal "*"' : 'can never match'}; give each word its own entry (["git", "push"])${word === '*' ? ' or leave the rest out: a prefix already matches any further words' : ''}`,
          );
      });
      warnWords(raw.command.join(' '), raw.decision, ctx, `${at}.command`);
    } else if (raw.path !== undefined) {
      rule.path = pathMatcher(raw.path, ctx.base);
      warnFacet(tool, facets, 'path', ctx, at);
    } else if (raw.domain !== undefined) {
      rule.domain = domainMatcher(raw.domain);
      warnFacet(tool, facets, 'domain', ctx, at);
    }
  } catch (error) {
    if (error instanceof PatternError) throw new RuleError(`${at}.${given[0]}`, error.message);
    throw error;
  }
  checkExamples(rule, raw.match ?? [], true, ctx, `${at}.match`);
  checkExamples(rule, raw.notMatch ?? [], false, ctx, `${at}.notMatch`);
  return rule;
}

function selector(text: string, at: string): ToolSelector {
  const parsed = parseToolSelector(text);
  if (typeof parsed === 'string') throw new RuleError(at, parsed);
  return parsed;
}

function base(
  text: string,
  behavior: PermissionBehavior,
  tool: ToolSelector,
  ctx: CompileContext,
  at: string,
): CompiledRule {
  return { text, behavior, layer: ctx.layer, source: ctx.source, at, tool, order: ctx.nextOrder() };
}

/** Whether a rule matches one example, judged the way evaluation would judge a call. */
export function ruleMatchesExample(rule: CompiledRule, example: string, base: PathBase): boolean {
  const mode: MatchMode = rule.behavior === 'allow' ? 'allow' : 'block';
  if (rule.command) {
    const risk = classifyCommand(example);
    if (mode === 'allow')
      return (
        risk.exact && risk.commands.length > 0 && risk.commands.every((c) => rule.command!.test(c, mode))
      );
    return risk.commands.some((c) => rule.command!.test(c, mode));
  }
  if (rule.path) return rule.path.test(examplePath(example, base), mode);
  if (rule.domain) return rule.domain.test(exampleHost(example));
  // A rule on tools alone: examples are tool names.
  return selectorMatches(rule.tool, example, 'unknown');
}

function examplePath(example: string, base: PathBase): string {
  const expanded =
    example === '~' || example.startsWith('~/') ? path.join(base.home, example.slice(1)) : example;
  return canonicalizeSync(path.resolve(base.workspace, expanded));
}

function checkExamples(
  rule: CompiledRule,
  examples: string[],
  expected: boolean,
  ctx: CompileContext,
  at: string,
) {
  if (examples.length > 0 && rule.tool.kind === 'class' && !rule.command && !rule.path && !rule.domain)
    throw new RuleError(at, 'examples of a Class(...) rule need a command, path or domain to check');
  examples.forEach((example, i) => {
    if (ruleMatchesExample(rule, example, ctx.base) === expected) return;
    const what = expected ? 'does not match' : 'matches';
    const note =
      expected && rule.command && rule.behavior === 'allow' && !classifyCommand(example).exact
        ? ' (allow rules only match exact command lines: no redirections, substitutions or variables)'
        : '';
    throw new RuleError(
      `${at}[${i}]`,
      `the rule ${what} its ${expected ? 'match' : 'notMatch'} example "${example}"${note}`,
    );
  });
}

function warn(ctx: CompileContext, at: string, message: string) {
  ctx.warnings.push({ source: ctx.source, layer: ctx.layer, path: at, message });
}

function warnTool(tool: ToolSelector, ctx: CompileContext, at: string) {
  const known = ctx.knownTools;
  if (!known) return;
  if (tool.kind === 'name' && !known.has(tool.name) && !tool.name.startsWith('mcp__'))
    warn(ctx, at, `no tool is named "${tool.name}", so this rule can never match`);
  if (
    tool.kind === 'glob' &&
    !tool.pattern.startsWith('mcp__') &&
    ![...known].some((n) => tool.regex.test(n))
  )
    warn(ctx, at, `no tool name matches "${tool.pattern}", so this rule can never match`);
}

const FACET_WORDS: Record<Facet, string> = { command: 'a command', path: 'paths', domain: 'a host' };

function warnFacet(
  tool: ToolSelector,
  facets: Facet[] | undefined,
  facet: Facet,
  ctx: CompileContext,
  at: string,
) {
  if (facets && !facets.includes(facet))
    warn(
      ctx,
      at,
      `${selectorText(tool)} calls carry no ${FACET_WORDS[facet].replace(/^a /, '')}, so a rule on ${FACET_WORDS[facet]} can never match them`,
    );
}

function warnWords(text: string, behavior: PermissionBehavior, ctx: CompileContext, at: string) {
  if (behavior === 'allow' && INVISIBLE.test(text))
    warn(ctx, at, 'the pattern has control or invisible characters, which allow rules never match');
  const odd = [...new Set(text.match(/[^\x00-\x7f]/gu) ?? [])];
  if (odd.length > 0) {
    const list = odd.map((c) => `${c} (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
    warn(
      ctx,
      at,
      `the pattern has non-ASCII characters ${list.join(', ')}; they match only themselves, never a look-alike`,
    );
  }
}
