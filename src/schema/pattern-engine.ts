// The regex engine ajv uses for `pattern` and `patternProperties`: RE2 (re2js, linear time), so a
// schema from an MCP server cannot stall the runtime with a pattern built to backtrack. A pattern RE2
// cannot run (lookaround, backreferences) is refused, unless the schema is the runtime owner's own code.
// Linear is not yet cheap: when RE2's DFA gives up (`[ab]*a[ab]{1000}`) each character costs up to one step
// per program instruction, so one call's strings are checked only while the sum of length × program size
// stays within a budget.

import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';
import { toRe2Syntax } from './re2-syntax.js';

/** Longest piece of a pattern quoted in a refusal (the reason ends up in status lists and logs). */
const QUOTE_LIMIT = 80;
/** Characters × program instructions the checks of one call may cost: about 0.25 s at RE2's slowest. */
const MATCH_BUDGET = 2 ** 23;

/** A pattern the linear engine cannot run, in a schema that may not fall back to JavaScript's engine. */
export class PatternRefusedError extends Error {
  constructor(
    readonly pattern: string,
    readonly construct: string,
  ) {
    super(
      `the pattern ${quote(pattern)} uses ${construct}, which the linear-time regex engine (RE2) cannot run; ` +
        "only the runtime owner's own tools may use JavaScript's backtracking engine, which a crafted " +
        'string can keep busy for hours. Rewrite the pattern without it.',
    );
    this.name = 'PatternRefusedError';
  }
}

/** A string too long to check against a pattern within the budget: validation fails with this message. */
export class PatternBudgetError extends Error {
  constructor(pattern: string, length: number, limit: number) {
    super(
      `a string of ${length.toLocaleString('en-US')} characters is more than the ` +
        `${limit.toLocaleString('en-US')} that can be checked against the pattern ${quote(pattern)} ` +
        "(one call's arguments get a fixed budget of pattern checking); send less text",
    );
    this.name = 'PatternBudgetError';
  }
}

/** What is left of the current validation's budget; outside one, each check gets the whole budget. */
let budget: { remaining: number } | undefined;

/** Run one validation (synchronous) with a fresh pattern-checking budget shared by all its checks. */
export function withMatchBudget<T>(validate: () => T): T {
  const outer = budget;
  budget = { remaining: MATCH_BUDGET };
  try {
    return validate();
  } finally {
    budget = outer;
  }
}

/** What one compile allows, and why it fell back to JavaScript's engine (the refusals it was spared). */
interface PatternScope {
  allowNative: boolean;
  fallbacks: PatternRefusedError[];
}

let scope: PatternScope | undefined;

/**
 * Run `compile` (a synchronous ajv compile) with the given fallback rule; returns its result and, for each
 * pattern that fell back to JavaScript's engine, the refusal an untrusted schema would have got. Outside
 * such a scope, patterns never fall back.
 */
export function withPatternRule<T>(
  allowNative: boolean,
  compile: () => T,
): { result: T; fallbacks: PatternRefusedError[] } {
  const outer = scope;
  const current: PatternScope = { allowNative, fallbacks: [] };
  scope = current;
  try {
    return { result: compile(), fallbacks: current.fallbacks };
  } finally {
    scope = outer;
  }
}

/** ajv's `code.regExp`: called once per pattern at compile time; ajv then calls `.test(string)`. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    // JSON Schema patterns are ECMAScript regexes: JavaScript's parser decides what is valid (and its
    // SyntaxError is ajv's "invalid JSON Schema"); the translation below assumes `u`-mode syntax.
    const native = new RegExp(pattern, flags);
    const linear = compileLinear(pattern);
    if (linear.ok) return linear.matcher;
    const refusal = new PatternRefusedError(pattern, linear.construct);
    if (!scope?.allowNative) throw refusal;
    scope.fallbacks.push(refusal);
    return native;
  },
  // Only ajv's standalone code generation reads this; handrail never generates standalone code.
  { code: 'handrail.linearRegExp' },
);

type LinearCompile =
  | { ok: true; matcher: { test(text: string): boolean; toString(): string } }
  | { ok: false; construct: string };

function compileLinear(pattern: string): LinearCompile {
  const translation = toRe2Syntax(pattern);
  if (!translation.ok) return translation;
  let re: RE2JS;
  try {
    re = RE2JS.compile(translation.source);
  } catch (error) {
    return { ok: false, construct: `something RE2 rejects (${(error as Error).message.slice(0, 200)})` };
  }
  // ajv shares one compiled pattern per `toString()` key across schemas: keep RE2's apart from native ones.
  const key = `re2:${pattern}`;
  const size = Math.max(1, re.programSize());
  const test = (text: string) => {
    const left = budget?.remaining ?? MATCH_BUDGET;
    const cost = text.length * size;
    // Thrown, not `false`: a key that silently failed to match would skip its patternProperties schema.
    if (cost > left) throw new PatternBudgetError(pattern, text.length, Math.floor(left / size));
    if (budget) budget.remaining -= cost;
    return re.test(text);
  };
  return { ok: true, matcher: { test, toString: () => key } };
}

function quote(pattern: string): string {
  const text = JSON.stringify(pattern);
  return text.length <= QUOTE_LIMIT ? text : `${text.slice(0, QUOTE_LIMIT)}…" (${pattern.length} characters)`;
}
