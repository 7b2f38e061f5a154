// Load policy layers: managed > project > user > session, each a file path or an inline object. Each file is
// parsed (line/column on syntax errors), validated against the schema, and compiled once.

import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { userConfigDir } from '../../sandbox/index.js';
import { type CompileContext, compileRuleText, compileStructured, RuleError } from '../rules/compile.js';
import { RuleIndex } from '../rules/evaluate.js';
import type { PathBase } from '../rules/facets/definition.js';
import { knownToolMap } from '../rules/tool-selector.js';
import type {
  CompiledRule,
  KnownTool,
  KnownTools,
  LayerName,
  PolicyObject,
  PolicyWarning,
} from '../rules/types.js';
import { PolicyLoadError, type PolicyProblem } from './errors.js';
import { parseJson, schemaProblems } from './json.js';
import { readSettingsText, settingsReadProblem } from './read-text.js';
import { shadowWarnings } from './warnings.js';

/** A policy file path, an inline policy, or null for none (undefined: the layer's default file, if any). */
export type PolicySource = string | PolicyObject | null | undefined;

export interface LoadPolicyOptions {
  /** Relative path patterns (and relative policy paths) resolve against it. */
  workspace: string;
  managed?: PolicySource;
  project?: PolicySource;
  user?: PolicySource;
  session?: PolicySource;
  /** Home directory for `~/` patterns and the user layer (default: os.homedir()). */
  home?: string;
  /** For XDG_CONFIG_HOME (default: process.env). */
  env?: Record<string, string | undefined>;
  /**
   * The tools that exist (names, or specs with the facets they declare): rules naming others get a warning,
   * and a rule's specifier is read as the facet its tool declares. Built-in tools' facets are known anyway.
   */
  knownTools?: Iterable<KnownTool>;
  /**
   * Use the project layer's allow rules. Default false: `.handrail/policy.json` arrives with the repository,
   * so until you trust the project it can only tighten.
   */
  trustProject?: boolean;
}

export interface LoadedLayer {
  name: LayerName;
  /** The file, or 'inline'. */
  source: string;
  policy: PolicyObject;
  rules: CompiledRule[];
  counts: { allow: number; ask: number; deny: number; rules: number };
}

/** Compiled layers, strongest first; pass to `evaluateRules`. */
export interface PolicyLayers {
  workspace: string;
  home: string;
  layers: LoadedLayer[];
  index: RuleIndex;
  warnings: PolicyWarning[];
}

/** The default file of each layer; a default that does not exist is simply no layer. */
export function defaultPolicyPaths(
  opts: Pick<LoadPolicyOptions, 'workspace' | 'home' | 'env'>,
): Record<LayerName, string | undefined> {
  const env = opts.env ?? process.env;
  const home = opts.home ?? os.homedir();
  // The same directory the sandbox keeps read-only for commands and file tools.
  const config = userConfigDir(env, home);
  return {
    managed: '/etc/handrail/policy.json',
    project: path.join(opts.workspace, '.handrail', 'policy.json'),
    user: path.join(config, 'handrail', 'policy.json'),
    session: undefined,
  };
}

/** Load every layer; throws the first PolicyLoadError (with all of that file's problems). */
export function loadPolicyLayers(opts: LoadPolicyOptions): PolicyLayers {
  const result = checkPolicyLayers(opts);
  if (result.errors.length > 0) throw result.errors[0];
  return result.policy;
}

/** Load every layer, collecting every file's errors instead of stopping at the first (for `policy check`). */
export function checkPolicyLayers(opts: LoadPolicyOptions): {
  policy: PolicyLayers;
  errors: PolicyLoadError[];
} {
  const workspace = path.resolve(opts.workspace);
  const home = opts.home ?? os.homedir();
  const defaults = defaultPolicyPaths({ ...opts, workspace, home });
  const base: PathBase = { workspace, home };
  const warnings: PolicyWarning[] = [];
  const errors: PolicyLoadError[] = [];
  const layers: LoadedLayer[] = [];
  const known = opts.knownTools ? knownToolMap(opts.knownTools) : undefined;
  let order = 0;
  for (const name of ['managed', 'project', 'user', 'session'] as const) {
    let source = opts[name];
    if (source === null) continue;
    if (source === undefined) {
      const file = defaults[name];
      if (!file || !existsSync(file)) continue;
      source = file;
    }
    try {
      layers.push(
        loadLayer(name, source, {
          base,
          warnings,
          nextOrder: () => order++,
          ...(opts.trustProject ? { trustProject: true } : {}),
          ...(known ? { knownTools: known } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof PolicyLoadError) errors.push(error);
      else throw error;
    }
  }
  const rules = layers.flatMap((l) => l.rules);
  warnings.push(...shadowWarnings(rules));
  return { policy: { workspace, home, layers, index: new RuleIndex(rules), warnings }, errors };
}

interface LayerContext {
  base: PathBase;
  /** Use the project layer's allow rules (default: only its deny and ask rules). */
  trustProject?: boolean;
  warnings: PolicyWarning[];
  knownTools?: KnownTools;
  nextOrder(): number;
}

/** Load one layer from a file path or an inline object. */
export function loadLayer(name: LayerName, source: string | PolicyObject, ctx: LayerContext): LoadedLayer {
  let file = 'inline';
  let value: unknown = source;
  if (typeof source === 'string') {
    file = path.resolve(ctx.base.workspace, source);
    let text: string;
    try {
      text = readSettingsText(file);
    } catch (error) {
      throw new PolicyLoadError(file, [{ path: '(file)', message: settingsReadProblem(error) }]);
    }
    const parsed = parseJson(text);
    if (!parsed.ok) throw new PolicyLoadError(file, [parsed.problem]);
    value = parsed.value;
  }
  const problems = schemaProblems(value);
  if (problems.length > 0) throw new PolicyLoadError(file, problems);
  const policy = value as PolicyObject;
  const compile: CompileContext = { ...ctx, layer: name, source: file };
  const rules: CompiledRule[] = [];
  const errors: PolicyProblem[] = [];
  const attempt = (fn: () => CompiledRule) => {
    try {
      rules.push(fn());
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      errors.push({ path: error.path, message: error.message });
    }
  };
  // Lists in behaviour order; evaluation sorts by layer and position anyway.
  for (const behavior of ['deny', 'ask', 'allow'] as const) {
    const seen = new Set<string>();
    (policy[behavior] ?? []).forEach((text, i) => {
      const at = `${behavior}[${i}]`;
      if (seen.has(text.trim()))
        ctx.warnings.push({ source: file, layer: name, path: at, message: `"${text}" is listed twice` });
      seen.add(text.trim());
      attempt(() => compileRuleText(text, behavior, compile, at));
    });
  }
  (policy.rules ?? []).forEach((rule, i) => {
    attempt(() => compileStructured(rule, compile, `rules[${i}]`));
  });
  if (errors.length > 0) throw new PolicyLoadError(file, errors);
  // A project's policy file comes with the repository: whoever wrote the repository wrote it. Until the
  // project is trusted it may only tighten (deny, ask); its allow rules are checked but not used.
  const inert =
    name === 'project' && ctx.trustProject !== true ? rules.filter((r) => r.behavior === 'allow') : [];
  if (inert.length > 0) {
    ctx.warnings.push({
      source: file,
      layer: name,
      path: '(file)',
      message: `${inert.length} allow rule${inert.length === 1 ? ' is' : 's are'} not used: a project policy only tightens until the project is trusted (createRuntime({ trustProjectPolicy: true }), or --trust-project on the command line)`,
    });
  }
  return {
    name,
    source: file,
    policy,
    rules: inert.length > 0 ? rules.filter((r) => !inert.includes(r)) : rules,
    counts: {
      allow: policy.allow?.length ?? 0,
      ask: policy.ask?.length ?? 0,
      deny: policy.deny?.length ?? 0,
      rules: policy.rules?.length ?? 0,
    },
  };
}
