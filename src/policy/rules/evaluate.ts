// Evaluate compiled rules against an intent: deny > ask > allow across all layers, strongest layer first on
// ties. Deny and ask rules fire on ANY matching sub-command / path; allow needs EVERY one covered.
import type { ActionKind, PermissionIntent } from '../../types/index.js';
import { normalizeHost } from './matchers.js';
import { selectorMatches } from './tool-selector.js';
import type { CompiledRule, RuleRef, RuleVerdict } from './types.js';

interface Applicable {
  deny: CompiledRule[];
  ask: CompiledRule[];
  allow: CompiledRule[];
}

/** Rules grouped by tool name once, and per (action, tool) on first use. */
export class RuleIndex {
  private readonly byName = new Map<string, CompiledRule[]>();
  private readonly wide: CompiledRule[] = [];
  private readonly cache = new Map<string, Applicable>();

  constructor(readonly rules: readonly CompiledRule[]) {
    for (const rule of rules) {
      if (rule.tool.kind === 'name') {
        const list = this.byName.get(rule.tool.name);
        if (list) list.push(rule);
        else this.byName.set(rule.tool.name, [rule]);
      } else this.wide.push(rule);
    }
  }

  applicable(tool: string, action: ActionKind): Applicable {
    const key = `${action}\0${tool}`;
    let found = this.cache.get(key);
    if (found) return found;
    const all = [
      ...(this.byName.get(tool) ?? []),
      ...this.wide.filter((r) => selectorMatches(r.tool, tool, action)),
    ];
    all.sort((a, b) => a.order - b.order);
    found = {
      deny: all.filter((r) => r.behavior === 'deny'),
      ask: all.filter((r) => r.behavior === 'ask'),
      allow: all.filter((r) => r.behavior === 'allow'),
    };
    // Tool names are few; the bound only matters against a caller inventing names without end.
    if (this.cache.size > 4096) this.cache.clear();
    this.cache.set(key, found);
    return found;
  }
}

/** What an intent offers rules to match: sub-command argv, canonical paths, host. */
export interface Facets {
  argv?: string[][];
  exact: boolean;
  paths?: string[];
  host?: string;
}

export function facetsOf(intent: PermissionIntent): Facets {
  const scope = intent.scope;
  const facets: Facets = { exact: scope.argvExact === true };
  if (Array.isArray(scope.argv))
    facets.argv = scope.argv.filter((a): a is string[] => Array.isArray(a)).map((a) => a.map(String));
  if (Array.isArray(scope.paths))
    facets.paths = scope.paths.filter((p): p is string => typeof p === 'string');
  if (typeof scope.host === 'string' && scope.host !== '') facets.host = normalizeHost(scope.host);
  else if (typeof scope.url === 'string') {
    try {
      facets.host = normalizeHost(new URL(scope.url).hostname);
    } catch {
      // no host to match
    }
  }
  return facets;
}

const isWhole = (rule: CompiledRule) => !rule.command && !rule.path && !rule.domain;

/** Whether a deny or ask rule fires: it covers the tool, or any sub-command, path or the host matches. */
export function blocks(rule: CompiledRule, f: Facets): boolean {
  if (isWhole(rule)) return true;
  if (rule.command && f.argv?.some((a) => rule.command!.test(a, 'block'))) return true;
  if (rule.path && f.paths?.some((p) => rule.path!.test(p, 'block'))) return true;
  return rule.domain !== undefined && f.host !== undefined && rule.domain.test(f.host);
}

/** Something that holds compiled layers (what `loadPolicyLayers` returns). */
export interface RuleSource {
  index: RuleIndex;
}

/** The rules' verdict on an intent, or undefined when no rule decides (the mode does). */
export function evaluateRules(
  policy: RuleSource | undefined,
  intent: PermissionIntent,
): RuleVerdict | undefined {
  if (!policy || policy.index.rules.length === 0) return undefined;
  const tool = typeof intent.scope.tool === 'string' ? intent.scope.tool : '';
  const rules = policy.index.applicable(tool, intent.action);
  if (rules.deny.length + rules.ask.length + rules.allow.length === 0) return undefined;
  const facets = facetsOf(intent);
  for (const rule of rules.deny) if (blocks(rule, facets)) return verdict([rule]);
  for (const rule of rules.ask) if (blocks(rule, facets)) return verdict([rule]);
  const unsure = [...rules.deny, ...rules.ask].find((rule) => mayBlock(rule, facets, intent));
  if (unsure) return unsureVerdict(unsure);
  return allowVerdict(rules.allow, facets);
}

/**
 * Whether a command rule could fire once the shell expands what it decides at run time (`$X`, globs, braces),
 * or on a line whose commands the classifier could not list at all. Such a call is asked about, never
 * allowed by a rule or a mode: a deny rule must not be sidestepped by spelling its command dynamically.
 */
function mayBlock(rule: CompiledRule, f: Facets, intent: PermissionIntent): boolean {
  if (!rule.command || !f.argv) return false;
  if (f.argv.length === 0) return !f.exact && intent.scope.risk !== 'safe';
  return f.argv.some((a) => rule.command!.mayMatch(a));
}

function unsureVerdict(rule: CompiledRule): RuleVerdict {
  const base = verdict([rule]);
  return {
    ...base,
    behavior: 'ask',
    message: `part of the command is decided only when it runs (a variable, substitution, glob or brace expansion), so it may run what ${rule.text} (${rule.layer} policy) ${rule.behavior === 'deny' ? 'denies' : 'asks about'}`,
  };
}

function allowVerdict(allow: CompiledRule[], f: Facets): RuleVerdict | undefined {
  if (allow.length === 0) return undefined;
  for (const rule of allow) if (isWhole(rule)) return verdict([rule]);
  if (!f.argv && !f.paths && f.host === undefined) return undefined;
  const used: CompiledRule[] = [];
  // Every facet the call has must be covered item by item; an empty facet allows nothing.
  if (f.argv) {
    if (!f.exact || f.argv.length === 0) return undefined;
    for (const argv of f.argv) {
      const rule = allow.find((r) => r.command?.test(argv, 'allow'));
      if (!rule) return undefined;
      used.push(rule);
    }
  }
  if (f.paths) {
    if (f.paths.length === 0) return undefined;
    for (const p of f.paths) {
      const rule = allow.find((r) => r.path?.test(p, 'allow'));
      if (!rule) return undefined;
      used.push(rule);
    }
  }
  if (f.host !== undefined) {
    const host = f.host;
    const rule = allow.find((r) => r.domain?.test(host));
    if (!rule) return undefined;
    used.push(rule);
  }
  return verdict([...new Set(used)]);
}

function verdict(rules: CompiledRule[]): RuleVerdict {
  const first = rules[0]!;
  const refs: RuleRef[] = rules.map((r) => ({ rule: r.text, layer: r.layer, source: r.source }));
  return {
    behavior: first.behavior,
    rule: refs.map((r) => r.rule).join(' + '),
    layer: first.layer,
    source: first.source,
    ...(first.message !== undefined ? { message: first.message } : {}),
    rules: refs,
  };
}
