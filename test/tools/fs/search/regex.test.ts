import { describe, expect, test } from 'vitest';
import { ToolError } from '../../../../src/core/errors.js';
import { normalizePattern, toJsPattern } from '../../../../src/tools/fs/search/regex.js';

const js = (pattern: string, ignoreCase = false) => toJsPattern(normalizePattern(pattern), ignoreCase).line;
const failure = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).message;
  }
  throw new Error('expected a failure');
};

describe('normalizePattern (shared by ripgrep and the JavaScript search)', () => {
  test('drops escapes ripgrep 13 rejects but whose meaning is plain', () => {
    expect(normalizePattern('src\\/lib')).toBe('src/lib');
    expect(normalizePattern('say \\"hi\\" \\: \\@x \\, \\=')).toBe('say "hi" : @x , =');
    expect(normalizePattern('[\\/]')).toBe('[/]');
    expect(normalizePattern('a\\\\/b')).toBe('a\\\\/b');
    expect(normalizePattern('\\.\\(\\)\\[')).toBe('\\.\\(\\)\\[');
  });

  test('refuses a line break, since matching is line by line', () => {
    for (const pattern of ['a\nb', 'a\\nb', 'a\\x0Ab', 'a\\x{a}', 'a\\u000a']) {
      expect(failure(() => normalizePattern(pattern))).toBe(
        `Invalid regex "${pattern}": grep_files matches one line at a time, so a pattern cannot contain a line break (\\n). Search for the text of one line instead.`,
      );
    }
    expect(normalizePattern('[^\\n]x')).toBe('[^\\n]x');
  });
});

describe('toJsPattern reads Rust regex syntax the way ripgrep does', () => {
  test('Unicode-aware classes and word boundaries', () => {
    expect(js('^\\w+$').test('héllo')).toBe(true);
    expect(js('^\\d$').test('٣')).toBe(true);
    expect(js('\\bcafé\\b').test('un café noir')).toBe(true);
    expect(js('\\bcaf\\b').test('un café noir')).toBe(false);
    expect(js('\\Bfé').test('café')).toBe(true);
    expect(js('^\\s$').test('\u00a0')).toBe(true);
    expect(js('^[\\w-]+$').test('dé-jà')).toBe(true);
  });

  test('Rust-only syntax', () => {
    expect(js('(?i)hello').test('HeLLo')).toBe(true);
    expect(js('(?P<word>ab)c').test('abc')).toBe(true);
    expect(js('\\Aab\\z').test('ab')).toBe(true);
    expect(js('^[[:upper:]][[:digit:]]+$').test('A12')).toBe(true);
    expect(js('^\\pL+$').test('Ωmega')).toBe(true);
    expect(js('\\p{greek}').test('Ω')).toBe(true);
    expect(js('\\P{Greek}').test('Ω')).toBe(false);
    expect(js('\\x{e9}').test('é')).toBe(true);
    expect(js('a.b').test('a\rb')).toBe(true);
    expect(js('a}b]').test('a}b]')).toBe(true);
    expect(js('[]x]').test(']')).toBe(true);
    expect(js('x{2,3}').test('xx')).toBe(true);
  });

  test('case-insensitive flag', () => {
    expect(js('ÉTÉ', true).test('été')).toBe(true);
    expect(js('ÉTÉ').test('été')).toBe(false);
  });

  test('what Rust rejects is rejected, with the reason', () => {
    expect(failure(() => js('(?<=a)b'))).toBe(
      'Invalid regex "(?<=a)b": look-around, including look-ahead and look-behind, is not supported',
    );
    expect(failure(() => js('(a)\\1'))).toBe('Invalid regex "(a)\\1": backreferences are not supported');
    expect(failure(() => js('\\q'))).toBe('Invalid regex "\\q": unrecognized escape sequence');
    expect(failure(() => js('('))).toBe('Invalid regex "(": Unterminated group');
    expect(failure(() => js('[abc'))).toBe('Invalid regex "[abc": unclosed character class');
    expect(failure(() => js('\\p{NoSuchThing}'))).toBe(
      'Invalid regex "\\p{NoSuchThing}": unknown Unicode property "NoSuchThing"',
    );
  });

  test('what only the fallback cannot do says so', () => {
    expect(failure(() => js('a(?i)b'))).toBe(
      'The regex "a(?i)b" uses inline flags after the start of the pattern, which the JavaScript search (used because ripgrep is not installed) does not support. Rewrite the pattern without it.',
    );
    expect(failure(() => js('[[:^alpha:]]'))).toContain('negated ASCII classes');
    expect(failure(() => js('[a&&b]'))).toContain('set operations');
  });
});
