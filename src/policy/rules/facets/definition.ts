// What a policy facet is: one thing a call's permission scope carries that a rule's specifier can match (a
// command, paths, a host), with everything the compiler, the evaluator and "always" suggestions need to know
// about it. Each facet is one module defining a FacetDefinition; facets/index.ts lists them.
import type { ActionKind, PermissionBehavior, PolicyFacet } from '../../../types/index.js';

/** Whether a rule is being asked to allow (every item, narrowly) or to block (any item, broadly). */
export type MatchMode = 'allow' | 'block';

/** What relative (`src/**`) and home (`~/.ssh/**`) path patterns resolve against. */
export interface PathBase {
  workspace: string;
  home: string;
}

/** A specifier a facet cannot read; the compiler reports it with the rule's JSON path. */
export class PatternError extends Error {}

/** Characters that never reach an allow rule: control characters (but tab and newline) and invisible formatting. */
export const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}]/u;

/** Report a doubt about a rule (a PolicyWarning) at a JSON path (`allow[2]`, `rules[0].command[1]`). */
export type Warn = (at: string, message: string) => void;

/**
 * One facet. `M` is its compiled matcher (a rule holds it under the facet's name), `S` the value of its
 * structured-rule property, `V` what it reads from a call's scope, `I` one item of that which rules match one
 * by one (a sub-command's argv, a path, the host).
 *
 * Hooks use method syntax on purpose: parameters stay bivariant, so every definition is a `FacetDefinition`
 * and the compiler and evaluator can walk the registry without knowing which facet they hold.
 */
export interface FacetDefinition<
  F extends PolicyFacet = PolicyFacet,
  M = unknown,
  S = unknown,
  V = unknown,
  I = unknown,
> {
  name: F;
  /** The facet in warnings: "calls carry no host, so a rule on a host can never match them". */
  noun: string;
  /** Action kinds whose calls may carry this facet: how a `Class(kind)` rule's specifier is read. */
  actionKinds: readonly ActionKind[];

  // ----- Rule text: `Tool(specifier)` -----
  /**
   * The prefix naming this facet in a specifier (`domain:`). None: the facet is bare, and a bare specifier is
   * read as the first bare facet (in registry order) the rule's tools carry.
   */
  prefix?: string;
  /** For a prefixed facet: what follows the prefix in a hint (`HOST` in `web_fetch(domain:HOST)`). */
  placeholder?: string;
  /**
   * For a bare facet, when the rule's tools declare no facets and the specifier is read as every bare facet:
   * whether a specifier this facet cannot read is an error ('required') or only not read as it ('optional',
   * the default).
   */
  ifUndeclared?: 'optional' | 'required';
  /** Compile a specifier (after the prefix). Throws PatternError. */
  parse(spec: string, base: PathBase): M;
  /** Doubts about a specifier that compiled as this facet, warned at `at`. */
  checkSpecifier?(spec: string, behavior: PermissionBehavior, warn: Warn, at: string): void;

  // ----- Structured rules: `{ tool, <name>: value, match, notMatch }` -----
  /** The property's JSON Schema (POLICY_SCHEMA, and so schema/policy.schema.json). */
  schema: Readonly<Record<string, unknown>>;
  /** Compile the property's value (ajv has checked it against `schema`). Throws PatternError. */
  parseStructured(value: S, base: PathBase): M;
  /** Doubts about the property's value; `at` is its JSON path (`rules[0].command`). */
  checkStructured?(value: S, behavior: PermissionBehavior, warn: Warn, at: string): void;
  /** Whether the matcher matches a `match` / `notMatch` example, judged as evaluation would judge a call. */
  matchesExample(matcher: M, example: string, mode: MatchMode, base: PathBase): boolean;
  /** Why an allow rule may miss a `match` example that looks right (appended to the load error). */
  allowExampleNote?(example: string): string | undefined;

  // ----- Calls -----
  /** What a call's permission scope carries of this facet; undefined when it carries none. */
  read(scope: Readonly<Record<string, unknown>>): V | undefined;
  /** The items rules match one by one: a deny or ask rule fires on any; an allow needs every one covered. */
  items(values: V): readonly I[];
  test(matcher: M, item: I, mode: MatchMode): boolean;
  /** Whether allow rules may judge these values at all. Default: there is at least one item. */
  allowable?(values: V): boolean;
  /**
   * Deny and ask rules: whether the rule could match once parts of the call decided only at run time are
   * known. Such a call is asked about, never allowed by a rule or a mode.
   */
  undecided?: {
    mayMatch(matcher: M, values: V): boolean;
    /** The reason the human sees; `verb` is `denies` or `asks about`. */
    because(rule: string, verb: string): string;
    /**
     * Values that could not be read at all (a command line too long or too broken to list its commands): a
     * deny rule cannot be checked against them, so it denies — a human shown part of the call must not be
     * able to approve what the owner's deny rule may name. The reason the model reads.
     */
    unreadable?(rule: string, values: V): string | undefined;
  };
  /**
   * The narrowest rule texts that together allow these values (and only calls with the same values), for
   * "always". Undefined when no rule can be that narrow.
   */
  suggest(tool: string, values: V): string[] | undefined;
}
