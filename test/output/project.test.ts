import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, formatBytes, type ProjectionLimits, projectText } from '../../src/output/project.js';

const MARKER = /^\[\.\.\. .* omitted: showing the first .* \.\.\.\]$/;

function lines(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/** Asserts every invariant a projection must keep and returns its head, marker and tail. */
function checkProjection(text: string, limits: ProjectionLimits, where?: string) {
  const p = projectText(text, limits, where);
  expect(p.truncated).toBe(true);
  expect(Buffer.byteLength(p.text)).toBeLessThanOrEqual(limits.maxBytes);
  expect(lines(p.text)).toBeLessThanOrEqual(limits.maxLines + 1);
  // No split surrogate pair or UTF-8 sequence: the text survives an encode/decode round trip.
  expect(Buffer.from(p.text, 'utf8').toString('utf8')).toBe(p.text);
  expect(p.text).not.toContain('\uFFFD');
  const rows = p.text.split('\n');
  const markerRows = rows.filter((r) => r.startsWith('[... ') && r.endsWith(' ...]'));
  expect(markerRows).toHaveLength(1);
  const marker = markerRows[0]!;
  expect(marker).toMatch(MARKER);
  const at = p.text.indexOf(marker);
  const head = p.text.slice(0, at).replace(/\n$/, '');
  const tail = p.text.slice(at + marker.length).replace(/^\n/, '');
  expect(text.startsWith(head)).toBe(true);
  expect(text.endsWith(tail)).toBe(true);
  expect(p.totalBytes).toBe(Buffer.byteLength(text));
  expect(p.totalLines).toBe(lines(text));
  expect(p.shownBytes + p.omittedBytes).toBe(p.totalBytes);
  expect(p.omittedBytes).toBeGreaterThan(0);
  return { p, head, tail, marker };
}

describe('formatBytes', () => {
  it('uses binary units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(Math.round(4.7 * 1024 * 1024))).toBe('4.7 MiB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GiB');
  });

  it('rolls over to the next unit rather than printing 1024.0', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MiB');
  });
});

describe('projectText', () => {
  it('has the design defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxBytes: 32 * 1024, maxLines: 2000 });
  });

  it('returns text within both limits unchanged', () => {
    const text = 'one\ntwo é\nthree\n';
    const p = projectText(text, DEFAULT_LIMITS);
    expect(p.text).toBe(text);
    expect(p).toEqual({
      text,
      truncated: false,
      totalBytes: Buffer.byteLength(text),
      totalLines: 3,
      shownBytes: Buffer.byteLength(text),
      omittedBytes: 0,
      omittedLines: 0,
    });
    expect(projectText('', DEFAULT_LIMITS)).toMatchObject({ text: '', truncated: false, totalLines: 0 });
  });

  it('returns the same string for a large text that fits', () => {
    const text = `${'y'.repeat(15)}\n`.repeat(2000); // exactly 2,000 lines, 32,000 bytes
    const p = projectText(text, DEFAULT_LIMITS);
    expect(p.text).toBe(text);
    expect(p.truncated).toBe(false);
    expect(p.totalBytes).toBe(32_000);
  });

  it('writes the exact marker for a 100,000-line output with a storage path', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `line ${i + 1}\n`).join('');
    const where = '/home/u/.handrail/outputs/turn-1/call-7.txt';
    const { p, head, tail, marker } = checkProjection(text, DEFAULT_LIMITS, where);
    expect(marker).toBe(
      '[... 98,000 lines (1.0 MiB) omitted: showing the first 1,200 and last 800 of 100,000 lines. ' +
        'Full output: /home/u/.handrail/outputs/turn-1/call-7.txt ...]',
    );
    expect(head.startsWith('line 1\n')).toBe(true);
    expect(head.endsWith('\nline 1200')).toBe(true);
    expect(tail.startsWith('line 99201\n')).toBe(true);
    expect(tail.endsWith('line 100000\n')).toBe(true);
    expect(p).toMatchObject({ totalLines: 100_000, omittedLines: 98_000, totalBytes: 1_088_895 });
    expect(p.omittedBytes).toBe(1_069_201);
  });

  it('omits the storage part of the marker without a path', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `${i}\n`).join('');
    const { marker } = checkProjection(text, DEFAULT_LIMITS);
    expect(marker).toMatch(
      /^\[\.\.\. 1,000 lines \(\d+\.\d KiB\) omitted: showing the first 1,200 and last 800 of 3,000 lines\. \.\.\.\]$/,
    );
  });

  it('cuts many short lines on line boundaries within the byte budget', () => {
    const text = `${'x'.repeat(99)}\n`.repeat(50_000);
    const { p, head, tail } = checkProjection(text, DEFAULT_LIMITS, 'out.txt');
    expect(head.length % 100).toBe(99); // whole lines (the separating newline is the marker's)
    expect(tail.length % 100).toBe(0);
    expect(p.shownBytes).toBeGreaterThan(30_000); // the budget is used, not wasted
  });

  it('cuts a single 5 MB line by bytes and says how many bytes were omitted', () => {
    const text = 'z'.repeat(5_000_000);
    const { p, head, tail, marker } = checkProjection(text, DEFAULT_LIMITS, 'big.txt');
    expect(p.omittedLines).toBe(0);
    const expected = `[... ${p.omittedBytes.toLocaleString('en-US')} bytes (${formatBytes(p.omittedBytes)}) omitted: showing the first ${head.length.toLocaleString('en-US')} and last ${tail.length.toLocaleString('en-US')} of 5,000,000 bytes. Full output: big.txt ...]`;
    expect(marker).toBe(expected);
    expect(p.text.split('\n')).toHaveLength(3);
    expect(head.length).toBeGreaterThan(tail.length); // about 60% / 40%
  });

  it('cuts a few huge lines and counts the lines it skipped', () => {
    const text = Array.from({ length: 10 }, (_, i) => `${String(i).repeat(100_000)}\n`).join('');
    const { p, head, tail, marker } = checkProjection(text, DEFAULT_LIMITS);
    expect(head).toMatch(/^0+$/);
    expect(tail).toMatch(/^9+\n$/);
    expect(p.omittedLines).toBe(8);
    expect(marker).toContain('[... 8 lines (');
    expect(marker).toContain('showing the first 1 and last 1 of 10 lines.');
  });

  it('says bytes when only the insides of lines were cut', () => {
    const text = `${'a'.repeat(100_000)}\n${'b'.repeat(100_000)}`;
    const { p, head, tail, marker } = checkProjection(text, DEFAULT_LIMITS);
    expect(head).toMatch(/^a+$/);
    expect(tail).toMatch(/^b+$/);
    expect(p.omittedLines).toBe(0);
    expect(marker).toMatch(/^\[\.\.\. [\d,]+ bytes \(/);
  });

  it('applies the line budget when bytes are within limits', () => {
    const text = 'a\n'.repeat(2500);
    const { p, marker } = checkProjection(text, DEFAULT_LIMITS);
    expect(lines(p.text)).toBe(2001);
    expect(marker).toBe(
      '[... 500 lines (1000 B) omitted: showing the first 1,200 and last 800 of 2,500 lines. ...]',
    );
  });

  it('never splits multi-byte characters at the cut points', () => {
    const shapes = [
      'é'.repeat(3_000_000),
      '😀'.repeat(1_000_000),
      'a😀é€'.repeat(400_000),
      `${'é'.repeat(70)}😀\n`.repeat(20_000),
      `x${'😀'.repeat(50_000)}\n${'€'.repeat(50_000)}y`,
    ];
    for (const text of shapes) {
      for (const limits of [
        DEFAULT_LIMITS,
        { maxBytes: 1001, maxLines: 7 },
        { maxBytes: 4099, maxLines: 3 },
      ]) {
        checkProjection(text, limits, '/tmp/out.txt');
      }
    }
  });

  it('keeps within both limits for many shapes and small budgets', () => {
    const shapes = [
      'short\n'.repeat(10_000),
      `${'long'.repeat(5_000)}\n`.repeat(40),
      `${'w'.repeat(3_000_000)}\nend\n`,
      `start\n${'w'.repeat(3_000_000)}`,
      Array.from({ length: 5000 }, (_, i) => 'v'.repeat(i % 300)).join('\n'),
      '\n'.repeat(50_000),
    ];
    const budgets: ProjectionLimits[] = [
      DEFAULT_LIMITS,
      { maxBytes: 500, maxLines: 2000 },
      { maxBytes: 32 * 1024, maxLines: 10 },
      { maxBytes: 300, maxLines: 2 },
      { maxBytes: 1000, maxLines: 1 },
    ];
    for (const text of shapes) for (const limits of budgets) checkProjection(text, limits, 'o.txt');
  });

  it('keeps every invariant on seeded random text and budgets', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const atoms = ['a', 'bc', '\n', '\n\n', 'é', '😀', '€', 'x'.repeat(500), '\t'];
    let truncated = 0;
    for (let k = 0; k < 400; k++) {
      let text = '';
      const n = Math.floor(random() ** 3 * 5000);
      for (let i = 0; i < n; i++) text += atoms[Math.floor(random() * atoms.length)];
      const limits = { maxBytes: 200 + Math.floor(random() * 3000), maxLines: 1 + Math.floor(random() * 50) };
      const where = random() < 0.5 ? 'w.txt' : undefined;
      const p = projectText(text, limits, where);
      if (!p.truncated) {
        expect(p.text).toBe(text);
        continue;
      }
      truncated++;
      checkProjection(text, limits, where);
    }
    expect(truncated).toBeGreaterThan(200);
  });

  it('bounds 5 MB of short lines', () => {
    const text = `${'q'.repeat(80)}\n`.repeat(62_000);
    const p = projectText(text, DEFAULT_LIMITS);
    expect(p.truncated).toBe(true);
    expect(Buffer.byteLength(p.text)).toBeLessThanOrEqual(DEFAULT_LIMITS.maxBytes);
  });
});
