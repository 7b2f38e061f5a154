import { problemAt } from './read.js';
import { SETTINGS, valueAt } from './settings.js';
export const TRUST_HINT = 'an untrusted project only tightens; trust it with --trust-project (loadConfig({ trustProject: true }), createRuntime({ trustProjectPolicy: true }))';
export function mergeLayers(layers, ctx) {
    const values = new Map();
    const reports = {};
    const origins = new Map();
    const warnings = [];
    for (const setting of SETTINGS) {
        const pointer = `/${setting.key.split('.').join('/')}`;
        let current = setting.default(ctx);
        const report = { value: current, source: 'default' };
        const overridden = [];
        const ignored = [];
        const entries = [];
        for (const input of layers) {
            const raw = valueAt(input.config, setting.key);
            if (raw === undefined)
                continue;
            const value = setting.resolve ? setting.resolve(raw, ctx) : raw;
            const untrusted = input.layer === 'project' && !ctx.trustProject;
            const origin = { value, source: input.layer, ...(input.file ? { file: input.file } : {}) };
            const refuse = (at, shown, why) => {
                ignored.push({ ...origin, value: shown, reason: why });
                warnings.push(problemAt(input, at, `ignored: ${why}`, false, { code: 'ignored', hint: TRUST_HINT }));
            };
            if (setting.merge === 'list') {
                for (const [i, entry] of value.entries()) {
                    const why = untrusted ? setting.widens(entry, current, ctx) : undefined;
                    if (why)
                        refuse(`${pointer}/${i}`, entry, why);
                    else if (!entries.some((e) => JSON.stringify(e.value) === JSON.stringify(entry))) {
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
            if (input.file)
                report.file = input.file;
            else
                delete report.file;
            origins.set(setting.key, { input, pointer });
        }
        report.value = current;
        if (setting.merge === 'list') {
            report.entries = entries;
            const strongest = entries[entries.length - 1];
            if (strongest) {
                report.source = strongest.source;
                if (strongest.file)
                    report.file = strongest.file;
            }
        }
        if (overridden.length > 0)
            report.overridden = overridden;
        if (ignored.length > 0)
            report.ignored = ignored;
        values.set(setting.key, current);
        reports[setting.key] = report;
    }
    return { values, reports, origins, warnings };
}
function fileOf(report) {
    return report.file ? { file: report.file } : {};
}
//# sourceMappingURL=merge.js.map