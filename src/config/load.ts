// loadConfig: find the configuration files, read and check each, merge them with the flags and the options
// given in code, and say where every value came from.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { userConfigDir } from '../sandbox/index.js';
import { mcpServerWarnings } from './mcp-server-options.js';
import { type MergedConfig, mergeLayers } from './merge.js';
import { type ConfigLayerInput, checkConfig, problemAt, readConfigFile } from './read.js';
import { toRuntimeOptions } from './runtime-options.js';
import type { HandrailConfig } from './schema-type.js';
import { defaultHome, nest, SETTINGS, type SettingContext } from './settings.js';
import {
  CONFIG_LAYERS,
  type ConfigFileInfo,
  type ConfigProblem,
  type LoadConfigOptions,
  type LoadedConfig,
} from './types.js';

/** Where the user and project files are looked for. */
export function configPaths(opts: { cwd: string; env?: Record<string, string | undefined>; home?: string }): {
  user: string;
  project: string;
} {
  const env = opts.env ?? process.env;
  const home = opts.home ?? defaultHome(env);
  return {
    user: path.join(userConfigDir(env, home), 'handrail', 'config.json'),
    project: path.join(path.resolve(opts.cwd), '.handrail', 'config.json'),
  };
}

/**
 * The effective configuration for a workspace. Never throws for a bad file: `errors` lists every problem of
 * every layer (file, setting, line and column), and a runtime should not be built while there are any.
 */
export function loadConfig(opts: LoadConfigOptions): LoadedConfig {
  const env = opts.env ?? process.env;
  const workspace = path.resolve(opts.cwd);
  const ctx: SettingContext = { workspace, home: opts.home ?? defaultHome(env) };
  const trustProject = opts.trustProject === true;
  const paths = configPaths({ cwd: workspace, env, home: ctx.home });
  const errors: ConfigProblem[] = [];
  const layers: ConfigLayerInput[] = [];
  const files: ConfigFileInfo[] = [];

  const warnings: ConfigProblem[] = [];
  const read = (
    layer: 'user' | 'project' | 'file',
    file: string,
    required: boolean,
    format: 'handrail' | 'mcp' = 'handrail',
  ) => {
    // As for policy files: a layer file nobody can even see (missing, or under a home this user cannot
    // enter, as with `sudo -u` keeping HOME) is absent; one that is there but unreadable is an error.
    if (!required && !existsSync(file)) {
      files.push({ layer, path: file, found: false, trusted: layer !== 'project' || trustProject });
      return;
    }
    const read = readConfigFile(file, layer, ctx, format);
    const { input, problems } = read;
    const missing = !input && problems.length === 1 && problems[0]!.message === 'no such file';
    files.push({
      layer,
      path: file,
      found: !missing,
      trusted: layer !== 'project' || trustProject,
      ...(format === 'mcp' ? { format } : {}),
    });
    if (missing && !required) return;
    errors.push(...problems);
    warnings.push(...read.warnings);
    if (input) layers.push(input);
  };
  read('user', paths.user, false);
  read('project', paths.project, false);
  if (opts.configFile !== undefined) read('file', path.resolve(workspace, opts.configFile), true);
  if (opts.mcpConfigFile !== undefined)
    read('file', path.resolve(workspace, opts.mcpConfigFile), true, 'mcp');
  for (const [layer, config] of [
    ['flag', opts.flags],
    ['library', opts.options],
  ] as const) {
    if (config === undefined) continue;
    const problems = checkConfig(config, { layer }, ctx);
    errors.push(...problems);
    if (problems.length === 0) layers.push({ layer, config });
  }

  for (const input of layers) warnings.push(...mcpServerWarnings(input));

  const merged = mergeLayers(layers, { ...ctx, trustProject });
  const runtime = toRuntimeOptions(merged, { workspace, trustProject, env });
  errors.push(...runtime.problems);
  return {
    options: runtime.options,
    config: nest(redacted(merged.values)) as HandrailConfig,
    sources: merged.reports,
    files,
    warnings: inLayerOrder([...warnings, ...merged.warnings, ...runtime.warnings, ...lint(merged)]),
    errors,
  };
}

/** The effective values as they may be shown: each setting's secrets masked. */
function redacted(values: ReadonlyMap<string, unknown>): Map<string, unknown> {
  return new Map(
    [...values].map(([key, value]) => {
      const redact = SETTINGS.find((s) => s.key === key)?.redact;
      return [key, redact ? redact(value) : value];
    }),
  );
}

/** Problems by layer (weakest first), then by place in the file. */
function inLayerOrder(problems: ConfigProblem[]): ConfigProblem[] {
  const rank = (p: ConfigProblem) => CONFIG_LAYERS.indexOf(p.layer);
  return problems.sort(
    (a, b) => rank(a) - rank(b) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/** Settings that are valid but do nothing as combined. */
function lint({ values, origins }: MergedConfig): ConfigProblem[] {
  const allow = origins.get('network.allow');
  if (allow && values.get('network.mode') === 'enabled') {
    return [
      problemAt(
        allow.input,
        allow.pointer,
        'has no effect while network.mode is "enabled" (any public host is reachable)',
        false,
        {
          code: 'no_effect',
          hint: 'set network.mode to "restricted" (--network restricted) to limit the web tools to these hosts',
        },
      ),
    ];
  }
  return [];
}

/** `file:line:column: setting: message` (or `command line: …` for flags), then `; hint` unless left out. */
export function formatProblem(problem: ConfigProblem, opts: { hint?: boolean } = {}): string {
  const where = problem.file
    ? `${problem.file}${problem.line !== undefined ? `:${problem.line}:${problem.column}` : ''}`
    : problem.layer === 'flag'
      ? 'command line'
      : problem.layer === 'library'
        ? 'options'
        : 'configuration';
  const hint = problem.hint && opts.hint !== false ? `; ${problem.hint}` : '';
  return `${where}: ${problem.path === '(file)' ? '' : `${problem.path}: `}${problem.message}${hint}`;
}
