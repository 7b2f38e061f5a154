// Evaluate compiled rules against an intent: deny > ask > allow across all layers, strongest layer first on
// ties. Deny and ask rules fire on ANY matching item of a facet (sub-command, path, host); allow needs EVERY
// item of every facet the call carries covered. What an item is and how it matches is each facet's own.
import type { ActionKind, PermissionIntent, PolicyFacet } from '../../types/index.js';
import { FACETS, type FacetDefinition, type FacetValues } from './facets/index.js';
import { selectorMatches } from './tool-selector.js';
import { type CompiledRule, coversWholeTool, type RuleRef, type RuleVerdict } from './types.js';

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

/** What an intent offers rules to match, by facet: sub-command argv, canonical paths, host. */
export type Facets = { [F in PolicyFacet]?: FacetValues<F> };

export function facetsOf(intent: PermissionIntent): Facets {
  const facets: Partial<Record<PolicyFacet, unknown>> = {};
  for (const facet of FACETS) {
    const values = facet.read(intent.scope);
    if (values !== undefined) facets[facet.name] = values;
  }
  return facets as Facets;
}

/** Whether a deny or ask rule fires: it covers the tool, or any item of a facet the call carries matches. */
export function blocks(rule: CompiledRule, f: Facets): boolean {
  if (coversWholeTool(rule)) return true;
  return FACETS.some((facet) => {
    const matcher = rule[facet.name];
    const values = f[facet.name];
    if (matcher === undefined || values === undefined) return false;
    return facet.items(values).some((item) => facet.test(matcher, item, 'block'));
  });
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
  for (const rule of [...rules.deny, ...rules.ask]) {
    const facet = undecidedFacet(rule, facets);
    if (facet) return undecidedVerdict(rule, facet, facets);
  }
  // A dynamic tool names itself: a glob of names (`read_*`) was written for the tools the owner knows, so it
  // allows none of them. Exact names, `*`, classes (the runtime's own kind) and `mcp__server` (a prefix
  // only the MCP origin may take) still do.
  const allow =
    intent.scope.dynamic === true
      ? rules.allow.filter((r) => r.tool.kind !== 'glob' || r.tool.pattern.startsWith('mcp__'))
      : rules.allow;
  return allowVerdict(allow, facets);
}

/**
 * The facet by which a deny or ask rule could fire once the call's parts decided only at run time are known
 * (`git $X`). Such a call is asked about, never allowed by a rule or a mode: a deny rule must not be
 * sidestepped by spelling what it names dynamically.
 */
function undecidedFacet(rule: CompiledRule, f: Facets): FacetDefinition | undefined {
  return FACETS.find((facet) => {
    const matcher = rule[facet.name];
    const values = f[facet.name];
    return (
      matcher !== undefined && values !== undefined && facet.undecided?.mayMatch(matcher, values) === true
    );
  });
}

function undecidedVerdict(rule: CompiledRule, facet: FacetDefinition, f: Facets): RuleVerdict {
  const base = verdict([rule]);
  const unreadable =
    rule.behavior === 'deny'
      ? facet.undecided!.unreadable?.(`${rule.text} (${rule.layer} policy)`, f[facet.name] as never)
      : undefined;
  if (unreadable) return { ...base, message: unreadable };
  return {
    ...base,
    behavior: 'ask',
    message: facet.undecided!.because(
      `${rule.text} (${rule.layer} policy)`,
      rule.behavior === 'deny' ? 'denies' : 'asks about',
    ),
  };
}

function allowVerdict(allow: CompiledRule[], f: Facets): RuleVerdict | undefined {
  if (allow.length === 0) return undefined;
  for (const rule of allow) if (coversWholeTool(rule)) return verdict([rule]);
  const carried = FACETS.filter((facet) => f[facet.name] !== undefined);
  if (carried.length === 0) return undefined;
  const used: CompiledRule[] = [];
  // Every facet the call has must be covered item by item; a facet with nothing to allow allows nothing.
  for (const facet of carried) {
    const values = f[facet.name]!;
    const items = facet.items(values);
    if (!(facet.allowable ? facet.allowable(values) : items.length > 0)) return undefined;
    for (const item of items) {
      const rule = allow.find((r) => {
        const matcher = r[facet.name];
        return matcher !== undefined && facet.test(matcher, item, 'allow');
      });
      if (!rule) return undefined;
      used.push(rule);
    }
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
