import { describe, expect, it } from 'vitest';
import { stripTerminalControls } from '../../src/output/sanitize.js';

describe('stripTerminalControls', () => {
  it('returns clean text as the same string', () => {
    const text = 'plain\ttext\nwith unicode é 😀 and a final newline\n';
    expect(stripTerminalControls(text)).toBe(text);
    expect(stripTerminalControls('')).toBe('');
  });

  it('collapses a progress bar to its final state', () => {
    expect(stripTerminalControls('10%\r50%\r100%\n')).toBe('100%\n');
    expect(stripTerminalControls('head\nDownloading 10%\rDownloading 100%\ntail\n')).toBe(
      'head\nDownloading 100%\ntail\n',
    );
  });

  it('keeps a line whose trailing CR is never overwritten', () => {
    expect(stripTerminalControls('done\r')).toBe('done');
    expect(stripTerminalControls('done\r\r\nnext')).toBe('done\nnext');
  });

  it('turns CRLF into LF', () => {
    expect(stripTerminalControls('a\r\nb\r\n')).toBe('a\nb\n');
  });

  it('strips colours and cursor movement', () => {
    expect(stripTerminalControls('\x1b[1;31merror\x1b[0m: boom')).toBe('error: boom');
    expect(stripTerminalControls('\x1b[2K\x1b[1Gfoo\x1b[?25h')).toBe('foo');
  });

  it('strips OSC 8 hyperlinks, with BEL or ST terminators', () => {
    expect(stripTerminalControls('see \x1b]8;;https://example.com\x1b\\the docs\x1b]8;;\x1b\\.')).toBe(
      'see the docs.',
    );
    expect(stripTerminalControls('\x1b]8;;https://example.com\x07link\x1b]8;;\x07')).toBe('link');
    expect(stripTerminalControls('\x1b]0;window title\x07text')).toBe('text');
  });

  it('drops escapes strip-ansi leaves behind: unterminated ones end at the line', () => {
    expect(stripTerminalControls('ok\x1b[31')).toBe('ok');
    expect(stripTerminalControls('ok\x1b]0;title')).toBe('ok');
    expect(stripTerminalControls('a\x1b]0;t\nb')).toBe('a\nb');
    expect(stripTerminalControls('a\x1b')).toBe('a');
  });

  it('applies backspace to the previous character', () => {
    expect(stripTerminalControls('abc\b\bd')).toBe('ad');
    expect(stripTerminalControls('a😀\bb')).toBe('ab');
    // man-page overstrike
    expect(stripTerminalControls('b\bbo\bol\bld')).toBe('bold');
    expect(stripTerminalControls('\bx')).toBe('x');
  });

  it('removes other C0 controls, DEL and C1 controls but keeps tabs and newlines', () => {
    expect(stripTerminalControls('a\x00b\x07c\x0bd\x0ce\tf\n')).toBe('abcde\tf\n');
    expect(stripTerminalControls('a\x7fb\x85c\x9fd')).toBe('abcd');
  });

  it('leaves clean lines around a dirty one untouched', () => {
    const clean = 'line one\nline two\n';
    expect(stripTerminalControls(`${clean}\x1b[32mok\x1b[0m\n${clean}`)).toBe(`${clean}ok\n${clean}`);
  });

  it('returns 5 MB of clean text unchanged', () => {
    const text = `${'x'.repeat(99)}\n`.repeat(50_000);
    expect(stripTerminalControls(text)).toBe(text);
  });

  it('collapses 5 MB of coloured progress output', () => {
    const text = `\x1b[32m${'='.repeat(40)}\x1b[0m 50%\r${'='.repeat(50)} 100%\n`.repeat(50_000);
    const out = stripTerminalControls(text);
    expect(out).toBe(`${'='.repeat(50)} 100%\n`.repeat(50_000));
  });
});
