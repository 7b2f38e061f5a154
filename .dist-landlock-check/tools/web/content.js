// Bytes to text: media type and charset from Content-Type, a BOM or <meta charset>, decoded with
// TextDecoder (Node has full ICU, so windows-1252, shift_jis, gb18030, ... all work).
import { isAscii, isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
export function parseContentType(header) {
    if (!header)
        return { type: '' };
    const [type = '', ...params] = header.split(';');
    const out = { type: type.trim().toLowerCase() };
    for (const param of params) {
        const [key, value] = param.split('=');
        if (key?.trim().toLowerCase() === 'charset' && value)
            out.charset = value
                .trim()
                .replace(/^["']|["']$/g, '')
                .toLowerCase();
    }
    return out;
}
/** How many bytes of a body are looked at for its charset and whether it is text. */
export const SNIFF_BYTES = 4096;
export function isHtml(type) {
    return type === 'text/html' || type === 'application/xhtml+xml';
}
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|ecmascript|x-javascript|yaml|x-yaml|toml|x-toml|csv|x-ndjson|ld\+json|rss\+xml|atom\+xml|graphql|sql)$)|\+(json|xml)$/;
/** Whether a body is text: by its declared type, or (no useful type) by the absence of NUL bytes. */
export function isTextual(type, sample) {
    if (type === '' || type === 'application/octet-stream')
        return !sample.subarray(0, SNIFF_BYTES).includes(0);
    return TEXT_TYPES.test(type);
}
/** Whether the declared type is certainly binary (so the body need not be read at all). */
export function isBinaryType(type) {
    return type !== '' && type !== 'application/octet-stream' && !TEXT_TYPES.test(type);
}
/**
 * Bytes to text as they stream. The charset comes from a BOM, the Content-Type header, a <meta> in the first
 * bytes of an HTML page, or a guess: UTF-8 if the first bytes that are not ASCII are valid UTF-8, else
 * windows-1252. The guess waits for the first non-ASCII chunk, so a page that is ASCII for its first
 * kilobytes still gets it right. A multi-byte sequence cut at a chunk boundary is carried over; one cut by the
 * end of a truncated body is dropped rather than shown as garbage.
 */
export class BodyDecoder {
    decoder;
    guessing;
    /** `head`: the first bytes of the body, the ones the charset is sniffed from (decode them next). */
    constructor(head, media) {
        const declared = bomCharset(head) ?? validLabel(media.charset) ?? (isHtml(media.type) ? metaCharset(head) : undefined);
        this.guessing = declared === undefined;
        this.decoder = new TextDecoder(declared ?? 'utf-8');
    }
    get charset() {
        return this.decoder.encoding;
    }
    decode(chunk) {
        if (this.guessing && !isAscii(chunk)) {
            this.guessing = false;
            // Everything before was ASCII, so the UTF-8 decoder holds no partial sequence: switching is seamless.
            if (!validUtf8Start(chunk))
                this.decoder = new TextDecoder('windows-1252');
        }
        return this.fix(this.decoder.decode(chunk, { stream: true }));
    }
    /** The end of the body: `complete` false (cut at the limit) drops a partial last character. */
    end(complete) {
        return complete ? this.fix(this.decoder.decode()) : '';
    }
    fix(text) {
        // Node 20's ICU-less fast path decodes windows-1252 as ISO-8859-1; map 0x80-0x9F as the standard says.
        if (this.decoder.encoding !== 'windows-1252')
            return text;
        return text.replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80] ?? c);
    }
}
const CP1252 = [
    '€',
    '\u0081',
    '‚',
    'ƒ',
    '„',
    '…',
    '†',
    '‡',
    'ˆ',
    '‰',
    'Š',
    '‹',
    'Œ',
    '\u008d',
    'Ž',
    '\u008f',
    '\u0090',
    '‘',
    '’',
    '“',
    '”',
    '•',
    '–',
    '—',
    '˜',
    '™',
    'š',
    '›',
    'œ',
    '\u009d',
    'ž',
    'Ÿ',
];
/** Whether `data` is UTF-8, a character cut by its end aside (the next chunk has the rest). */
function validUtf8Start(data) {
    let end = data.length;
    for (let i = data.length - 1; i >= Math.max(0, data.length - 4); i--) {
        const byte = data[i];
        if ((byte & 0xc0) === 0x80)
            continue;
        const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
        if (i + length > data.length)
            end = i;
        break;
    }
    return isUtf8(data.subarray(0, end));
}
function bomCharset(data) {
    if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf)
        return 'utf-8';
    if (data[0] === 0xfe && data[1] === 0xff)
        return 'utf-16be';
    if (data[0] === 0xff && data[1] === 0xfe)
        return 'utf-16le';
    return undefined;
}
/** <meta charset="x"> or <meta http-equiv="Content-Type" content="...; charset=x"> in the first bytes. */
function metaCharset(data) {
    const head = data.subarray(0, SNIFF_BYTES).toString('latin1');
    const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_.:-]+)/i.exec(head);
    return validLabel(direct?.[1]?.toLowerCase());
}
function validLabel(label) {
    if (!label)
        return undefined;
    try {
        // A page that declares UTF-16 in a meta tag is really ASCII-compatible (the HTML spec says so).
        const encoding = new TextDecoder(label).encoding;
        return encoding.startsWith('utf-16') ? 'utf-8' : encoding;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=content.js.map