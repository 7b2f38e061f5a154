// Layers into one configuration, weakest first (default, user, project, file, flag, library). A value
// replaces the one below it; a list adds its entries to those below (deny lists grow; to drop an allowed
// host, deny it); a map (mcpServers) replaces each named entry whole. An untrusted project's settings pass
// the table's trust rule first: what would widen is ignored, with a warning that names the key and how to
// trust the project.
import { escapeSegment } from '../schema/index.js';
import type { ConfigLayerInput } from './read.js';
import { problemAt } from './read.js';
import { SETTINGS, type Setting, type SettingContext, valueAt } from './settings.js';
import type { ConfigProblem, SettingReport, ValueOrigin } from './types.js';

export const TRUST_HINT =
  'an untrusted project only tightens; trust it with --trust-project (loadConfig({ trustProject: true }), createRuntime({ trustProjectPolicy: true }))';

export interface MergedConfig {
  /** Effective values by dotted key. */
  values: Map<string, unknown>;
  reports: Record<string, SettingReport>;
  /** The layer (and JSON pointer) each set value came from, to place later problems. */
  origins: Map<string, { input: ConfigLayerInput; pointer: string }>;
  warnings: ConfigProblem[];
}

export function mergeLayers(
  layers: readonly ConfigLayerInput[],
  ctx: SettingContext & { trustProject: boolean },
): MergedConfig {
  const values = new Map<string, unknown>();
  const reports: Record<string, SettingReport> = {};
  const origins: MergedConfig['origins'] = new Map();
  const warnings: ConfigProblem[] = [];
  for (const setting of SETTINGS) {
    const pointer = `/${setting.key.split('.').join('/')}`;
    let current = setting.default(ctx);
    const report: SettingReport = { value: current, source: 'default' };
    const overridden: ValueOrigin[] = [];
    const ignored: NonNullable<SettingReport['ignored']> = [];
    const entries: ValueOrigin[] = [];
    // Each entry once, found in constant time: a 20,000-host deny list must not take minutes to merge.
    const seen = new Set<string>();
    // For a map: where each entry's current value came from.
    const entrySources = new Map<string, ValueOrigin>();
    for (const input of layers) {
      const raw = valueAt(input.config, setting.key);
      if (raw === undefined) continue;
      const value = setting.resolve ? setting.resolve(raw, ctx) : raw;
      const untrusted = input.layer === 'project' && !ctx.trustProject;
      const origin: ValueOrigin = { value, source: input.layer, ...(input.file ? { file: input.file } : {}) };
      const refuse = (at: string, shown: unknown, why: string) => {
        ignored.push({ ...origin, value: shown, reason: why });
        warnings.push(problemAt(input, at, `ignored: ${why}`, false, { code: 'ignored', hint: TRUST_HINT }));
      };
      if (setting.merge === 'map') {
        current = mergeEntries(
          setting,
          value as Record<string, unknown>,
          current as Record<string, unknown>,
          {
            origin,
            untrusted,
            ctx,
            refuse,
            entrySources,
            overridden,
            onSet: (name) => {
              origins.set(setting.key, { input, pointer });
              origins.set(`${setting.key}.${name}`, { input, pointer: `${pointer}/${escapeSegment(name)}` });
            },
          },
        );
        continue;
      }
      if (setting.merge === 'list') {
        for (const [i, entry] of (value as unknown[]).entries()) {
          const why = untrusted ? setting.widens(entry, current, ctx) : undefined;
          if (why) refuse(`${pointer}/${i}`, entry, why);
          else if (!seen.has(JSON.stringify(entry))) {
            seen.add(JSON.stringify(entry));
            entries.push({ ...origin, value: entry });
            origins.set(setting.key, { input, pointer });
          }
        }
        current = entries.map((e) => e.value);
        continue;
      }
      const why = untrusted ? setting.widens(value, current, ctx) : undefined;
      if (why) {
        refuse(pointer, value, why);
        continue;
      }
      if (report.source !== 'default')
        overridden.push({ value: current, source: report.source, ...fileOf(report) });
      current = value;
      report.source = input.layer;
      if (input.file) report.file = input.file;
      else delete report.file;
      origins.set(setting.key, { input, pointer });
    }
    report.value = current;
    if (setting.merge === 'map') {
      const redact = setting.redact ?? ((v: unknown) => v);
      report.value = redact(current);
      entries.push(
        ...[...entrySources].map(([name, origin]) => ({
          ...origin,
          value: { name, ...(redact({ [name]: origin.value }) as Record<string, object>)[name] },
        })),
      );
    }
    if (setting.merge === 'list' || setting.merge === 'map') {
      report.entries = entries;
      const strongest = entries[entries.length - 1];
      if (strongest) {
        report.source = strongest.source;
        if (strongest.file) report.file = strongest.file;
      }
    }
    if (overridden.length > 0) report.overridden = overridden;
    if (ignored.length > 0) report.ignored = ignored;
    values.set(setting.key, current);
    reports[setting.key] = report;
  }
  return { values, reports, origins, warnings };
}

/**
 * One layer's entries of a `map` setting onto the current map: each name's entry replaces the one below it
 * whole; an untrusted layer's entry passes the trust rule first, and what it may do is only `tighten`.
 */
function mergeEntries(
  setting: Setting,
  proposed: Record<string, unknown>,
  current: Record<string, unknown>,
  opts: {
    origin: ValueOrigin;
    untrusted: boolean;
    ctx: SettingContext;
    refuse: (at: string, shown: unknown, why: string) => void;
    entrySources: Map<string, ValueOrigin>;
    overridden: ValueOrigin[];
    onSet: (name: string) => void;
  },
): Record<string, unknown> {
  const next = { ...current };
  const redact = (name: string, value: unknown) =>
    (setting.redact ? (setting.redact({ [name]: value }) as Record<string, unknown>)[name] : value) as object;
  for (const [name, entry] of Object.entries(proposed)) {
    const at = `/${setting.key.split('.').join('/')}/${escapeSegment(name)}`;
    const why = opts.untrusted ? setting.widens(entry, next[name], opts.ctx) : undefined;
    if (why) {
      opts.refuse(at, { name, ...redact(name, entry) }, why);
      continue;
    }
    const below = opts.entrySources.get(name);
    if (below) opts.overridden.push({ ...below, value: { name, ...redact(name, below.value) } });
    next[name] = opts.untrusted && setting.tighten ? setting.tighten(entry, next[name]) : entry;
    opts.entrySources.set(name, { ...opts.origin, value: next[name] });
    opts.onSet(name);
  }
  return next;
}

function fileOf(report: SettingReport): { file?: string } {
  return report.file ? { file: report.file } : {};
}
