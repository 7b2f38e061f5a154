// `handrail policy check [--policy FILE] [--root DIR] [--json]`: load every policy layer (or one file), print
// errors (exit 1), warnings (exit 0) and one summary line per layer.
import path from 'node:path';
import { PROTECTED_TOOL_NAMES } from '../core/index.js';
import { checkPolicyLayers, defaultPolicyPaths, } from '../policy/policy-file/index.js';
import { builtinTools } from '../tools/index.js';
const USAGE = `Usage: handrail policy check [--policy FILE] [--root DIR] [--trust-project] [--json]

Loads the policy layers (managed /etc/handrail/policy.json, project <root>/.handrail/policy.json, user
~/.config/handrail/policy.json) or just FILE, and reports errors (exit 1), warnings, and per layer
how many allow / ask / deny strings and structured rules it has.
`;
export async function runPolicyCheck(argv, io) {
    let file;
    let root = io.cwd;
    let json = false;
    let trustProject = false;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        const value = () => {
            const next = argv[++i];
            if (next === undefined)
                throw new UsageError(`${arg} needs a value`);
            return next;
        };
        try {
            if (arg === '--policy')
                file = value();
            else if (arg.startsWith('--policy='))
                file = arg.slice('--policy='.length);
            else if (arg === '--root')
                root = value();
            else if (arg.startsWith('--root='))
                root = arg.slice('--root='.length);
            else if (arg === '--json')
                json = true;
            else if (arg === '--trust-project')
                trustProject = true;
            else if (arg === '--help' || arg === '-h') {
                io.stdout.write(USAGE);
                return 0;
            }
            else
                throw new UsageError(`unknown option "${arg}"`);
        }
        catch (error) {
            if (!(error instanceof UsageError))
                throw error;
            io.stderr.write(`handrail policy check: ${error.message}\n${USAGE}`);
            return 2;
        }
    }
    const workspace = path.resolve(io.cwd, root);
    const options = {
        workspace,
        env: io.env,
        // Built-in names include later domains (memory, task, …), so rules written for them are not warned about.
        knownTools: [...builtinTools().map((t) => t.name), ...PROTECTED_TOOL_NAMES],
        ...(io.env.HOME ? { home: io.env.HOME } : {}),
        // --policy FILE is checked as a file you chose, so its allow rules count.
        ...(trustProject || file !== undefined ? { trustProject: true } : {}),
    };
    if (file !== undefined) {
        Object.assign(options, { managed: null, user: null, session: null, project: path.resolve(io.cwd, file) });
    }
    const { policy, errors } = checkPolicyLayers(options);
    if (json) {
        const report = {
            ok: errors.length === 0,
            layers: policy.layers.map((l) => ({ layer: l.name, source: l.source, ...l.counts })),
            errors: errors.flatMap((e) => e.problems.map((p) => ({ file: e.file, path: p.path, message: p.message }))),
            warnings: policy.warnings,
        };
        io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return errors.length === 0 ? 0 : 1;
    }
    for (const layer of policy.layers) {
        const c = layer.counts;
        io.stdout.write(`${layer.name.padEnd(8)} ${layer.source}: ${c.allow} allow / ${c.ask} ask / ${c.deny} deny / ${c.rules} rules\n`);
    }
    for (const error of errors) {
        io.stdout.write(`${'invalid'.padEnd(8)} ${error.file}\n`);
        for (const p of error.problems)
            io.stderr.write(`error: ${error.file}: ${p.path}: ${p.message}\n`);
    }
    for (const w of policy.warnings)
        io.stderr.write(`warning: ${w.source}: ${w.path}: ${w.message}\n`);
    if (policy.layers.length === 0 && errors.length === 0) {
        const looked = Object.values(defaultPolicyPaths(options)).filter((p) => p !== undefined);
        io.stdout.write(`no policy files (looked for ${looked.join(', ')})\n`);
    }
    const summary = `${errors.length} error${errors.length === 1 ? '' : 's'}, ${policy.warnings.length} warning${policy.warnings.length === 1 ? '' : 's'}`;
    io.stdout.write(`${summary}\n`);
    return errors.length === 0 ? 0 : 1;
}
class UsageError extends Error {
}
//# sourceMappingURL=policy-check.js.map