import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { toRe2Syntax } from '../../src/schema/re2-syntax.js';

function re2(pattern: string): RE2JS {
  const translation = toRe2Syntax(pattern);
  if (!translation.ok) throw new Error(`not translated: ${translation.construct}`);
  return RE2JS.compile(translation.source);
}

/** Every code point below 0x3100 and a sample above: where JavaScript's and RE2's classes differ most. */
const CODE_POINTS = [
  ...Array.from({ length: 0x3100 }, (_, cp) => cp),
  0xa0,
  0xfeff,
  0xff21,
  0x1d400,
  0x1f600,
  0x10ffff,
];

function expectSameOnEveryCodePoint(pattern: string): void {
  const js = new RegExp(pattern, 'u');
  const linear = re2(pattern);
  const differ = CODE_POINTS.filter((cp) => {
    const text = String.fromCodePoint(cp);
    return js.test(text) !== linear.test(text);
  });
  expect(
    differ.map((cp) => cp.toString(16)),
    pattern,
  ).toEqual([]);
}

describe('toRe2Syntax keeps JavaScript’s meaning', () => {
  it.each([
    '^.$',
    '^\\s$',
    '^\\S$',
    '^[\\s]$',
    '^[^\\S]$',
    '^\\w$',
    '^\\W$',
    '^\\d$',
    '^\\D$',
    '^[^]$',
    '^[]$',
    '^[\\b]$',
    '^[^a-z\\d]$',
    '^\\p{L}$',
    '^\\p{Letter}$',
    '^\\p{Lu}$',
    '^\\P{Ll}$',
    '^\\p{gc=Nd}$',
    '^\\p{General_Category=Punctuation}$',
    '^\\p{Script=Greek}$',
    '^\\p{sc=Han}$',
    '^\\p{Any}$',
    '^\\p{ASCII}$',
    '^\\P{ASCII}$',
    '^[\\p{L}\\d_]$',
    '^\\x41$',
    '^\\u00e9$',
    '^[\\u0041-\\u005a]$',
    '^\\u{1F600}$',
    '^\\uD83D\\uDE00$',
    '^[\\uD83D\\uDE00-\\uD83D\\uDE02]$',
    '^\\cJ$',
    '^\\0$',
    '^[\\-a]$',
    '^\\/$',
    '^[.^$|()*+?{}]$',
    '^[[]$',
  ])('for each single character: %s', (pattern) => expectSameOnEveryCodePoint(pattern));

  it('agrees with JavaScript on strings built from the characters where the dialects differ', () => {
    const patterns = [
      '^[a-z]+$',
      '^\\d{3}-\\d{4}$',
      '^(?:a|b)*c?$',
      '^(a+)+$',
      'foo',
      '',
      '\\bfoo\\b',
      '^a{2,3}?b$',
      '^(?<name>ab)+$',
      '^.*$',
      '^\\s*\\S+\\s*$',
      '^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$',
      'a|^b',
      '^\\p{Lu}\\p{Ll}*$',
    ];
    const pieces = [
      'a',
      'b',
      'c',
      'f',
      'o',
      'A',
      '1',
      '-',
      '.',
      '@',
      '\n',
      '\r',
      '\u2028',
      ' ',
      '\u00a0',
      'é',
      '😀',
    ];
    // A fixed pseudo-random sequence: the same strings every run.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (const pattern of patterns) {
      const js = new RegExp(pattern, 'u');
      const linear = re2(pattern);
      for (let k = 0; k < 3000; k++) {
        const text = Array.from({ length: random(8) }, () => pieces[random(pieces.length)]).join('');
        expect(linear.test(text), `${pattern} on ${JSON.stringify(text)}`).toBe(js.test(text));
      }
    }
  });

  it('anchors at the ends of the whole string, as JavaScript does without the m flag', () => {
    expect(re2('^a$').test('a\n')).toBe(false);
    expect(re2('^a$').test('\na')).toBe(false);
    expect(re2('^a$').test('a')).toBe(true);
  });
});

describe('toRe2Syntax names what RE2 cannot run', () => {
  it.each([
    ['^(?=a)', 'a lookahead (?= or (?!'],
    ['^(?!a)', 'a lookahead (?= or (?!'],
    ['(?<=a)b', 'a lookbehind (?<= or (?<!'],
    ['(?<!a)b', 'a lookbehind (?<= or (?<!'],
    ['(a)\\1', 'a backreference \\1'],
    ['(?<x>a)\\k<x>', 'a named backreference \\k<…>'],
    ['^a{1,5000}$', 'a repetition count above 1000 ({1,5000})'],
    ['\\p{Alphabetic}', 'the Unicode property \\p{Alphabetic}'],
  ])('%s', (pattern, construct) => {
    expect(toRe2Syntax(pattern)).toEqual({ ok: false, construct });
  });
});
