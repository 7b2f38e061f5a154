// Reading a settings file that arrives with a repository (policy, configuration): only a regular file, and
// only so much of it. A FIFO would block every handrail command in that workspace, and a link to /dev/zero
// would read until memory runs out.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Larger than any real policy or configuration file. */
export const MAX_SETTINGS_FILE_BYTES = 4 * 1024 * 1024;

/** A file's text, or an Error whose `code` is ENOENT, EACCES, … or one of ours: ENOTREG, ETOOBIG. */
export function readSettingsText(file: string, maxBytes = MAX_SETTINGS_FILE_BYTES): string {
  // O_NONBLOCK: opening a FIFO for reading must not wait for a writer before we can look at what it is.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw coded('ENOTREG', 'not a regular file');
    if (stat.size > maxBytes) throw coded('ETOOBIG', `larger than ${maxBytes} bytes`);
    const buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    // Read to the end, but never past the cap (the file may grow while we read).
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > maxBytes || length === buffer.length) {
        if (length > maxBytes) throw coded('ETOOBIG', `larger than ${maxBytes} bytes`);
        break;
      }
    }
    // Bytes that are not UTF-8 would decode to U+FFFD: a rule holding one silently matches nothing.
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
    } catch {
      throw coded('EILSEQ', 'not valid UTF-8; save it as UTF-8');
    }
  } finally {
    closeSync(fd);
  }
}

/** What a reader tells the user about a file readSettingsText could not read. */
export function settingsReadProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  return `cannot be read (${code !== undefined && OUR_CODES.has(code) ? (error as Error).message : (code ?? (error as Error).message)})`;
}

const OUR_CODES = new Set(['ENOTREG', 'ETOOBIG', 'EILSEQ']);

function coded(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
