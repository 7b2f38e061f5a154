// Layers into one configuration, weakest first (default, user, project, file, flag, library). A value
// replaces the one below it; a list adds its entries to those below (deny lists grow; to drop an allowed
// host, deny it). An untrusted project's settings pass the table's trust rule first: what would widen is
// ignored, with a warning that names the key and how to trust the project.
import type { ConfigLayerInput } from './read.js';
import { problemAt } from './read.js';
import { SETTINGS, type SettingContext, valueAt } from './settings.js';
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
    if (setting.merge === 'list') {
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

function fileOf(report: SettingReport): { file?: string } {
  return report.file ? { file: report.file } : {};
}
