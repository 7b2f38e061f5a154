// allow_always: add rule text to a layer's file, atomically (temp file + rename), creating the file and its
// directory when missing, keeping the rest of the file, and refusing anything that would not load afterwards.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PolicyLoadError } from './errors.js';
import { parseJson } from './json.js';
import { loadLayer } from './load.js';
import { POLICY_SCHEMA_ID } from './schema.js';
// One append at a time per file in this process, so two "always" answers never lose each other.
const queues = new Map();
/**
 * Add `ruleText` (one rule or several) to the `allow` list of `file`. Rules already present are not repeated.
 * Returns the rules actually added. Throws PolicyLoadError, without touching the file, when the file is
 * not valid now or would not be afterwards.
 */
export async function appendRule(file, layer, ruleText, options = {}) {
    const target = path.resolve(file);
    const previous = queues.get(target) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => appendNow(target, layer, ruleText, options));
    queues.set(target, run);
    try {
        return await run;
    }
    finally {
        if (queues.get(target) === run)
            queues.delete(target);
    }
}
async function appendNow(file, layer, ruleText, options) {
    const rules = (Array.isArray(ruleText) ? ruleText : [ruleText]).map((r) => r.trim());
    let text;
    try {
        text = await fs.readFile(file, 'utf8');
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            throw error;
    }
    let policy = { $schema: POLICY_SCHEMA_ID };
    if (text !== undefined && text.trim() !== '') {
        const parsed = parseJson(text);
        if (!parsed.ok)
            throw new PolicyLoadError(file, [parsed.problem]);
        if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
            throw new PolicyLoadError(file, [{ path: '(root)', message: 'must be object' }]);
        policy = parsed.value;
    }
    const allow = Array.isArray(policy.allow) ? [...policy.allow] : [];
    const added = rules.filter((r, i) => r !== '' && !allow.includes(r) && rules.indexOf(r) === i);
    if (added.length === 0)
        return [];
    const next = { ...policy, allow: [...allow, ...added] };
    // Validate before anything reaches the disk: an "always" must never leave a file that does not load.
    const workspace = options.workspace ?? projectOf(file) ?? process.cwd();
    loadLayer(layer, next, {
        base: { workspace, home: options.home ?? os.homedir() },
        warnings: [],
        nextOrder: (() => {
            let n = 0;
            return () => n++;
        })(),
    });
    await fs.mkdir(path.dirname(file), { recursive: true });
    const indent = text ? (/\n([ \t]+)"/.exec(text)?.[1] ?? '  ') : '  ';
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const mode = await fs.stat(file).then((s) => s.mode & 0o777, () => 0o644);
    try {
        await fs.writeFile(temp, `${JSON.stringify(next, null, indent)}\n`, { mode, flag: 'wx' });
        const handle = await fs.open(temp, 'r+');
        await handle.sync().finally(() => handle.close());
        await fs.rename(temp, file);
    }
    catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
    }
    // And read back what landed, so a concurrent writer from another process shows up as an error here.
    const check = parseJson(await fs.readFile(file, 'utf8'));
    if (!check.ok)
        throw new PolicyLoadError(file, [check.problem]);
    return added;
}
/** `<project>/.handrail/policy.json` → `<project>`. */
function projectOf(file) {
    const dir = path.dirname(file);
    return path.basename(dir) === '.handrail' ? path.dirname(dir) : undefined;
}
//# sourceMappingURL=append.js.map