// Bytes to text: media type and charset from Content-Type, a BOM or <meta charset>, decoded with
// TextDecoder (Node has full ICU, so windows-1252, shift_jis, gb18030, ... all work).
import { isUtf8 } from 'node:buffer';

export interface MediaType {
  type: string;
  charset?: string;
}

export function parseContentType(header: string | undefined): MediaType {
  if (!header) return { type: '' };
  const [type = '', ...params] = header.split(';');
  const out: MediaType = { type: type.trim().toLowerCase() };
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

export function isHtml(type: string): boolean {
  return type === 'text/html' || type === 'application/xhtml+xml';
}

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-javascript|yaml|x-yaml|toml|x-toml|csv|x-ndjson|ld\+json|rss\+xml|atom\+xml|graphql|sql)$)|\+(json|xml)$/;

/** Whether a body is text: by its declared type, or (no useful type) by the absence of NUL bytes. */
export function isTextual(type: string, sample: Buffer): boolean {
  if (type === '' || type === 'application/octet-stream') return !sample.subarray(0, 4096).includes(0);
  return TEXT_TYPES.test(type);
}

/** Whether the declared type is certainly binary (so the body need not be read at all). */
export function isBinaryType(type: string): boolean {
  return type !== '' && type !== 'application/octet-stream' && !TEXT_TYPES.test(type);
}

/** Decode a body; a cut multi-byte sequence at the end is dropped rather than shown as garbage. */
export function decodeBody(
  data: Buffer,
  media: MediaType,
  truncated: boolean,
): { text: string; charset: string } {
  const charset =
    bomCharset(data) ??
    validLabel(media.charset) ??
    (isHtml(media.type) ? metaCharset(data) : undefined) ??
    guess(data);
  const decoder = new TextDecoder(charset);
  let text = decoder.decode(data, { stream: truncated });
  // Node 20's ICU-less fast path decodes windows-1252 as ISO-8859-1; map 0x80-0x9F as the standard says.
  if (decoder.encoding === 'windows-1252')
    text = text.replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80] ?? c);
  return { text, charset: decoder.encoding };
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

function bomCharset(data: Buffer): string | undefined {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** <meta charset="x"> or <meta http-equiv="Content-Type" content="...; charset=x"> in the first 2 KiB. */
function metaCharset(data: Buffer): string | undefined {
  const head = data.subarray(0, 2048).toString('latin1');
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_.:-]+)/i.exec(head);
  return validLabel(direct?.[1]?.toLowerCase());
}

function validLabel(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    // A page that declares UTF-16 in a meta tag is really ASCII-compatible (the HTML spec says so).
    const encoding = new TextDecoder(label).encoding;
    return encoding.startsWith('utf-16') ? 'utf-8' : encoding;
  } catch {
    return undefined;
  }
}

function guess(data: Buffer): string {
  // A cut at the cap may split a character; judge validity without the last 3 bytes.
  return isUtf8(data.subarray(0, Math.max(0, data.length - 3))) ? 'utf-8' : 'windows-1252';
}
