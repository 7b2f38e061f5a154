// `handrail config [--json]`: the effective configuration, every value with its source (default, user,
// project, file, flag), what was overridden or ignored and why. Exit 2 when a file is invalid.
import { parseArgs } from 'node:util';
import { configError, loadEffectiveConfig, printWarnings } from './configured.js';
import { CONFIG_HELP } from './help.js';
import { createStyle, wantsColor } from './style.js';
export async function runConfig(argv, globals, io) {
    const { values } = parseArgs({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
        io.stdout.write(CONFIG_HELP);
        return 0;
    }
    const loaded = loadEffectiveConfig(globals, io);
    if (values.json) {
        io.stdout.write(`${JSON.stringify(jsonReport(loaded, globals), null, 2)}\n`);
        return loaded.errors.length > 0 ? 2 : 0;
    }
    if (loaded.errors.length > 0)
        throw configError(loaded);
    const style = createStyle(wantsColor(io.stdout, io.env));
    io.stdout.write(textReport(loaded, globals, style));
    // What an untrusted project tried to widen is in the report already; the other warnings follow it.
    printWarnings(loaded.warnings.filter((w) => w.code !== 'ignored'), io, 'handrail config');
    return 0;
}
function jsonReport(loaded, globals) {
    return {
        ok: loaded.errors.length === 0,
        workspace: globals.root,
        trustProject: globals.trustProject,
        files: loaded.files,
        settings: loaded.sources,
        config: loaded.config,
        warnings: loaded.warnings,
        errors: loaded.errors,
    };
}
const KEY_WIDTH = 30;
const VALUE_WIDTH = 44;
function textReport(loaded, globals, style) {
    const lines = [`${style.bold('Configuration')} for ${globals.root}`, '', style.bold('Files')];
    for (const file of loaded.files) {
        const state = !file.found
            ? style.dim('not found')
            : file.trusted
                ? 'used'
                : `used, ${style.yellow('not trusted')}: it only tightens (--trust-project to let it widen)`;
        lines.push(`  ${file.layer.padEnd(8)} ${file.path}  ${state}`);
    }
    if (!loaded.files.some((f) => f.layer === 'file'))
        lines.push(`  ${'file'.padEnd(8)} ${style.dim('(--config FILE)')}`);
    lines.push('', `${style.bold('Settings')} ${style.dim('(value, then where it comes from)')}`);
    for (const [key, report] of Object.entries(loaded.sources))
        lines.push(...settingLines(key, report, style));
    return `${lines.join('\n')}\n`;
}
function settingLines(key, report, style) {
    const from = (source, file) => source === 'default' ? style.dim('default') : file ? `${source} ${style.dim(file)}` : source;
    const row = (k, value, source) => `  ${k.padEnd(KEY_WIDTH)} ${value.padEnd(VALUE_WIDTH)} ${source}`;
    const lines = [];
    if (report.entries) {
        if (report.entries.length === 0)
            lines.push(row(key, '(none)', from('default')));
        report.entries.forEach((entry, i) => {
            lines.push(row(i === 0 ? key : '', show(entry.value), from(entry.source, entry.file)));
        });
    }
    else {
        const value = report.value;
        const shown = Array.isArray(value) ? value.map(show) : [show(value)];
        shown.forEach((text, i) => {
            lines.push(row(i === 0 ? key : '', text, i === 0 ? from(report.source, report.file) : ''));
        });
    }
    for (const old of report.overridden ?? []) {
        lines.push(`  ${''.padEnd(KEY_WIDTH)} ${style.dim(`replaces ${show(old.value)} from ${old.source}`)}`);
    }
    for (const ignored of report.ignored ?? []) {
        lines.push(`  ${''.padEnd(KEY_WIDTH)} ${style.yellow(`ignored ${show(ignored.value)} from ${ignored.source}`)}: ${ignored.reason}`);
    }
    return lines;
}
/** A value on one line: strings as they are, roots as `path (access)`, the rest as compact JSON. */
function show(value) {
    if (value === undefined)
        return '(none)';
    if (typeof value === 'string')
        return value;
    if (typeof value === 'object' && value !== null && 'path' in value && 'access' in value) {
        return `${String(value.path)} (${String(value.access)})`;
    }
    if (typeof value === 'object' && value !== null && 'uid' in value && 'gid' in value) {
        return `${String(value.uid)}:${String(value.gid)}`;
    }
    return JSON.stringify(value);
}
//# sourceMappingURL=config.js.map