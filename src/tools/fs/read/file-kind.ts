/** What the first bytes of a file say it is. */
export interface FileKind {
  /** 'text' (UTF-8 or ASCII), 'utf16' (with a BOM), 'image' (one a model can see), or 'binary'. */
  kind: 'text' | 'utf16' | 'image' | 'binary';
  /** How a text file's lines end when it is not LF (or CRLF): 'cr', a lone carriage return. */
  lineBreak?: 'cr';
  /** A short human name with its article: "a PNG image", "a PDF document", "binary data", ... */
  description: string;
  mimeType?: string;
}

/**
 * Magic numbers. Those marked `text` are printable ASCII ("GIF8", "%PDF", "MZ", "BZh", "SQLite f"), so a
 * text file can start with them: they only count when the sample is not valid UTF-8 text.
 */
const SIGNATURES: Array<{
  bytes: number[];
  offset?: number;
  description: string;
  mimeType?: string;
  image?: true;
  text?: true;
}> = [
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    description: 'a PNG image',
    mimeType: 'image/png',
    image: true,
  },
  { bytes: [0xff, 0xd8, 0xff], description: 'a JPEG image', mimeType: 'image/jpeg', image: true },
  {
    bytes: [0x47, 0x49, 0x46, 0x38],
    description: 'a GIF image',
    text: true,
    mimeType: 'image/gif',
    image: true,
  },
  {
    bytes: [0x57, 0x45, 0x42, 0x50],
    offset: 8,
    description: 'a WebP image',
    mimeType: 'image/webp',
    image: true,
  },
  { bytes: [0x25, 0x50, 0x44, 0x46], description: 'a PDF document', text: true, mimeType: 'application/pdf' },
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    description: 'a ZIP archive (or a format built on it: docx, xlsx, jar)',
  },
  { bytes: [0x1f, 0x8b], description: 'a gzip archive' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], description: 'a zstd archive' },
  { bytes: [0x42, 0x5a, 0x68], description: 'a bzip2 archive', text: true },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], description: 'an xz archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], description: 'an ELF executable or library' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], description: 'a WebAssembly module' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], description: 'an SQLite database', text: true },
  { bytes: [0xca, 0xfe, 0xba, 0xbe], description: 'a Java class file or Mach-O universal binary' },
  { bytes: [0xcf, 0xfa, 0xed, 0xfe], description: 'a Mach-O executable' },
  { bytes: [0x4d, 0x5a], description: 'a Windows executable', text: true },
];

/**
 * Sniff a file from its first bytes (8 KiB is plenty): known signatures first, then UTF-16 BOMs, then the
 * text test — no NUL bytes and valid UTF-8 (allowing a character cut at the end of the sample).
 */
export function sniff(head: Buffer): FileKind {
  const looksLikeText = !head.includes(0) && isUtf8Prefix(head);
  for (const sig of SIGNATURES) {
    if (sig.text && looksLikeText) continue;
    const at = sig.offset ?? 0;
    if (head.length >= at + sig.bytes.length && sig.bytes.every((b, i) => head[at + i] === b)) {
      if (sig.offset === 8 && !(head[0] === 0x52 && head[1] === 0x49 && head[2] === 0x46 && head[3] === 0x46))
        continue;
      const kind: FileKind = { kind: sig.image ? 'image' : 'binary', description: sig.description };
      if (sig.mimeType) kind.mimeType = sig.mimeType;
      return kind;
    }
  }
  if (
    head.length >= 2 &&
    ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
  ) {
    return { kind: 'utf16', description: 'UTF-16 text' };
  }
  if (head.includes(0)) return { kind: 'binary', description: 'binary data' };
  if (!looksLikeText)
    return { kind: 'binary', description: 'not valid UTF-8 (binary, or text in another encoding)' };
  // Old Mac files end lines with a lone CR: with no LF in the sample, the lines are split there.
  if (!head.includes(0x0a) && head.includes(0x0d))
    return { kind: 'text', description: 'text', lineBreak: 'cr' };
  return { kind: 'text', description: 'text' };
}

/** Valid UTF-8, except that the sample may end in the middle of a character. */
function isUtf8Prefix(buf: Buffer): boolean {
  let end = buf.length;
  // Drop an incomplete trailing sequence (at most 3 bytes).
  for (let back = 1; back <= 3 && back <= buf.length; back++) {
    const byte = buf[buf.length - back]!;
    if ((byte & 0xc0) !== 0x80) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      if (need > back) end = buf.length - back;
      break;
    }
  }
  const sample = buf.subarray(0, end);
  return Buffer.from(sample.toString('utf8'), 'utf8').equals(sample);
}
