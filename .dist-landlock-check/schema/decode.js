// Raw tool-call arguments (JSON text or an object from the provider SDK) → a plain object, or a
// message the model can act on. Runs before any schema work, on every call.
import { findForbiddenKey } from './keys.js';
import { jsonTypeOf } from './pointer.js';
// Characters that can spell a forbidden key in JSON text: the key itself, or a \u escape hiding it.
const SUSPECT = /__proto__|prototype|\\u/;
/** Decode raw arguments: parse JSON text (once more if double-encoded), bound the size, reject `__proto__`. */
export function decodeArguments(raw, opts) {
    if (raw === undefined || raw === null || raw === '')
        return empty();
    if (typeof raw === 'string')
        return decodeString(raw, opts.maxBytes);
    if (typeof raw !== 'object' || Array.isArray(raw) || !isPlainObject(raw))
        return notAnObject(raw);
    // Provider SDKs may hand over an object; it must meet the same limits as text would.
    let text;
    try {
        text = JSON.stringify(raw);
    }
    catch (err) {
        return { ok: false, message: `arguments are not plain JSON: ${errorMessage(err)}` };
    }
    const tooBig = checkSize(text, opts.maxBytes);
    if (tooBig)
        return { ok: false, message: tooBig };
    const forbidden = forbiddenMessage(raw);
    if (forbidden)
        return { ok: false, message: forbidden };
    // JSON.stringify escaped any lone surrogate as \uXXXX, so the text tells whether to look.
    const broken = text.includes('\\u') ? illFormedMessage(raw) : null;
    if (broken)
        return { ok: false, message: broken };
    return { ok: true, value: raw, repairs: [] };
}
function decodeString(text, maxBytes) {
    // Size first: parsing a huge payload is the cost the limit exists to avoid.
    const tooBig = checkSize(text, maxBytes);
    if (tooBig)
        return { ok: false, message: tooBig };
    // Malformed JSON is reported, never "fixed": a truncated model output patched into valid JSON would
    // run a partial write (half a file, a cut-off command) as if it were what the model meant.
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (err) {
        if (text.trim() === '')
            return empty();
        return { ok: false, message: `arguments are not valid JSON: ${errorMessage(err)}` };
    }
    const repairs = [];
    // Some providers and proxies JSON-encode the arguments string a second time.
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
        try {
            value = JSON.parse(value);
        }
        catch {
            return notAnObject(value);
        }
        repairs.push({
            path: '',
            kind: 'double_encoded',
            note: 'arguments were JSON-encoded twice; decoded again',
        });
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        return notAnObject(value);
    if (SUSPECT.test(text) || repairs.length > 0) {
        const forbidden = forbiddenMessage(value);
        if (forbidden)
            return { ok: false, message: forbidden };
    }
    // A lone surrogate arrives as a \u escape, or raw in the text itself.
    if (text.includes('\\u') || LONE_SURROGATE.test(text) || repairs.length > 0) {
        const broken = illFormedMessage(value);
        if (broken)
            return { ok: false, message: broken };
    }
    return { ok: true, value: value, repairs };
}
function empty() {
    return {
        ok: true,
        value: {},
        repairs: [{ path: '', kind: 'empty_arguments', note: 'no arguments were sent; using {}' }],
    };
}
function checkSize(text, maxBytes) {
    // A UTF-16 code unit is 1 to 3 UTF-8 bytes: only count bytes when the length alone cannot decide.
    if (text.length * 3 <= maxBytes)
        return null;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= maxBytes)
        return null;
    return `arguments are ${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} limit; send smaller pieces (for example write the file in parts)`;
}
/** A UTF-16 surrogate without its partner: JSON can carry it, UTF-8 cannot (it would become U+FFFD). */
const LONE_SURROGATE = /\p{Surrogate}/u;
/**
 * A path, command or content with a lone surrogate cannot be written as UTF-8: written anyway it would
 * silently become U+FFFD, and a path or command would name something else than the model sent. Refused
 * with where it is.
 */
function illFormedMessage(value) {
    const found = findLoneSurrogate(value, '', 0);
    if (!found)
        return null;
    const code = found.char.charCodeAt(0).toString(16).padStart(4, '0');
    return `arguments contain text that is not valid Unicode at ${found.path || 'the top level'}: a lone UTF-16 surrogate (\\u${code}), which cannot be written as UTF-8. Send the text without it (a \\uD83D-style escape must be followed by its low half, e.g. \\uD83D\\uDE00)`;
}
function findLoneSurrogate(value, at, depth) {
    if (depth > 512)
        return null;
    if (typeof value === 'string') {
        const match = LONE_SURROGATE.exec(value);
        return match ? { path: at, char: match[0] } : null;
    }
    if (value === null || typeof value !== 'object')
        return null;
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
            const found = findLoneSurrogate(value[i], `${at}/${i}`, depth + 1);
            if (found)
                return found;
        }
        return null;
    }
    for (const key of Object.keys(value)) {
        const here = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const inKey = LONE_SURROGATE.exec(key);
        if (inKey)
            return { path: here, char: inKey[0] };
        const found = findLoneSurrogate(value[key], here, depth + 1);
        if (found)
            return found;
    }
    return null;
}
function forbiddenMessage(value) {
    let found;
    try {
        found = findForbiddenKey(value);
    }
    catch {
        return 'arguments are nested too deeply';
    }
    if (!found)
        return null;
    const where = found.path === '' ? 'the top level' : found.path;
    return `arguments contain the forbidden key "${found.key}" at ${where}`;
}
function notAnObject(value) {
    return { ok: false, message: `arguments must be a JSON object (got ${jsonTypeOf(value)})` };
}
function isPlainObject(value) {
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}
function formatBytes(n) {
    if (n >= 1024 * 1024)
        return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
    if (n >= 1024)
        return `${(n / 1024).toFixed(1)} KiB`;
    return `${n} bytes`;
}
function errorMessage(err) {
    return err instanceof Error ? err.message : String(err);
}
//# sourceMappingURL=decode.js.map