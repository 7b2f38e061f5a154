import { describe, expect, it } from 'vitest';
import { buildEvidence } from '../../src/output/evidence.js';

describe('buildEvidence', () => {
  it('gives the same fingerprint to two runs of one failure', () => {
    const a = buildEvidence({
      errorClass: 'tool_error',
      text: 'Error: ENOENT opening /tmp/vitest-a1B2c3/cache.json (pid 4123) at 2024-05-01T10:11:12.345Z\n',
      exitStatus: 1,
    });
    const b = buildEvidence({
      errorClass: 'tool_error',
      text: 'Error: ENOENT opening /tmp/vitest-ZZ9x/cache.json   (pid 77)  at 2025-12-31T23:59:59Z',
      exitStatus: 1,
    });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('ignores UUIDs, hex ids and colours', () => {
    const a = buildEvidence({
      text: '\x1b[31mrequest 123e4567-e89b-12d3-a456-426614174000 failed at commit 3f9ac1d27b\x1b[0m',
    });
    const b = buildEvidence({
      text: 'request 9b2f0c1e-0000-4abc-8def-0123456789ab failed at commit deadbeef00',
    });
    expect(a.fingerprint).toBe(b.fingerprint);
  });

  it('tells different failures apart', () => {
    const base = buildEvidence({ errorClass: 'tool_error', text: 'Error: ENOENT: no such file' });
    expect(
      buildEvidence({ errorClass: 'tool_error', text: 'Error: EACCES: permission denied' }).fingerprint,
    ).not.toBe(base.fingerprint);
    expect(
      buildEvidence({ errorClass: 'timeout', text: 'Error: ENOENT: no such file' }).fingerprint,
    ).not.toBe(base.fingerprint);
  });

  it('keeps short text whole, stripped and trimmed', () => {
    const e = buildEvidence({ text: '\n\x1b[1mfatal:\x1b[0m not a git repository\r\n', exitStatus: 128 });
    expect(e.excerpt).toBe('fatal: not a git repository');
    expect(e.exitStatus).toBe(128);
    expect('errorClass' in e).toBe(false);
  });

  it('keeps the first 200 and the end of long text within 500 characters', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const e = buildEvidence({ errorClass: 'tool_error', text, exitStatus: null });
    expect(e.excerpt.length).toBeLessThanOrEqual(500);
    const [start, end] = e.excerpt.split(' … ');
    expect(text.startsWith(start!)).toBe(true);
    expect(text.endsWith(end!)).toBe(true);
    expect(start!.length).toBeGreaterThan(190);
    expect(end!.length).toBeGreaterThan(290);
    expect(e).toMatchObject({ errorClass: 'tool_error', exitStatus: null });
  });

  it('never splits a surrogate pair in the excerpt', () => {
    const e = buildEvidence({ text: '😀'.repeat(2000) });
    expect(e.excerpt.length).toBeLessThanOrEqual(500);
    expect(Buffer.from(e.excerpt).toString()).toBe(e.excerpt);
  });

  it('handles 5 MB and fingerprints by its ends', () => {
    const middle = (n: number) => `${'noise '.repeat(15)}${n}\n`.repeat(50_000);
    const text = `starting job\n${middle(1)}Error: out of memory\n`;
    const a = buildEvidence({ errorClass: 'tool_error', text });
    expect(a.excerpt.startsWith('starting job')).toBe(true);
    expect(a.excerpt.endsWith('Error: out of memory')).toBe(true);
    const b = buildEvidence({
      errorClass: 'tool_error',
      text: `starting job\n${middle(2)}Error: out of memory\n`,
    });
    expect(b.fingerprint).toBe(a.fingerprint);
  });
});
