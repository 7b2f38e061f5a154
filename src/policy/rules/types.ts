// Shapes of the policy language: what a policy file holds, what a compiled rule is, and what evaluation says.
import type { ActionKind, PermissionBehavior } from '../../types/index.js';

/** The layers, strongest first. A lower layer can tighten a higher one but never loosen its deny. */
export const LAYER_NAMES = ['managed', 'project', 'user', 'session'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/** The structured rule form of a policy file (`rules: [...]`). */
export interface StructuredRule {
  /** A tool name, a glob of names (`mcp__github__*`), `*`, or `Class(kind)`. */
  tool: string;
  /** A prefix of shell tokens, matched against every sub-command. */
  command?: string[];
  /** A path glob, matched against canonical absolute paths. */
  path?: string;
  /** A host (`example.com`) or every subdomain of one (`*.example.com`). */
  domain?: string;
  decision: PermissionBehavior;
  /** What the model sees when this rule denies a call. */
  message?: string;
  /** Examples the rule must match (command lines, paths, URLs/hosts, or tool names); checked at load. */
  match?: string[];
  /** Examples the rule must not match; checked at load. */
  notMatch?: string[];
}

/** A policy file, as JSON. */
export interface PolicyObject {
  $schema?: string;
  allow?: string[];
  ask?: string[];
  deny?: string[];
  rules?: StructuredRule[];
}

/** Which tools a rule applies to. */
export type ToolSelector =
  | { kind: 'any' }
  | { kind: 'name'; name: string }
  | { kind: 'glob'; pattern: string; regex: RegExp }
  | { kind: 'class'; action: ActionKind };

/** Whether a rule is being asked to allow (every item, narrowly) or to block (any item, broadly). */
export type MatchMode = 'allow' | 'block';

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

export interface PathMatcher {
  kind: 'path';
  /** The pattern after resolution (absolute, base realpath'd). */
  resolved: string;
  test(canonicalPath: string, mode: MatchMode): boolean;
}

export interface DomainMatcher {
  kind: 'domain';
  host: string;
  subdomains: boolean;
  test(host: string): boolean;
}

/** A rule ready to match: compiled once at load. */
export interface CompiledRule {
  /** As written (`exec_command(git status)`) or its place in the file (`rules[3]`). */
  text: string;
  behavior: PermissionBehavior;
  layer: LayerName;
  /** The layer's file path, or 'inline'. */
  source: string;
  /** JSON path of the rule in its file: `allow[2]`, `rules[0]`. */
  at: string;
  message?: string;
  tool: ToolSelector;
  /** No matcher at all: the rule covers every call of its tools. */
  command?: CommandMatcher;
  path?: PathMatcher;
  domain?: DomainMatcher;
  /** Position across all layers (strongest layer first), for stable ordering. */
  order: number;
}

/** One rule behind a verdict, for the audit trail. */
export interface RuleRef {
  rule: string;
  layer: LayerName;
  source: string;
}

/** What the rules say about an intent. */
export interface RuleVerdict extends RuleRef {
  behavior: PermissionBehavior;
  /** The deny message the policy author wrote for the model. */
  message?: string;
  /** Every rule that took part (an allow may need one rule per sub-command or path). */
  rules: RuleRef[];
}

/** Something in a policy that is legal but suspicious (usually: a rule that can never match). */
export interface PolicyWarning {
  source: string;
  layer?: LayerName;
  /** JSON path of the rule, e.g. `allow[2]` or `rules[0]`. */
  path: string;
  message: string;
}
