import { describe, expect, it } from 'vitest';
import { compileValidator, SchemaError } from '../../src/schema/index.js';

function withPattern(pattern: string): Record<string, unknown> {
  return { type: 'object', properties: { q: { type: 'string', pattern } } };
}

function problems(schema: Record<string, unknown>, value: unknown, trusted = false): string[] | null {
  return compileValidator(schema, { trusted })(value)?.map((p) => p.message) ?? null;
}

// With JavaScript's engine each of these takes 2^n steps: 2^100,000. That the test returns at all is the check.
const EVIL = `${'a'.repeat(100_000)}!`;

describe('patterns run in linear time', () => {
  it('rejects a string built to backtrack `^(a+)+$` instead of stalling', () => {
    expect(problems(withPattern('^(a+)+$'), { q: EVIL })).toEqual([
      `/q must match the pattern ^(a+)+$ (got "${'a'.repeat(38)}…)`,
    ]);
    expect(problems(withPattern('^(a+)+$'), { q: 'aaaa' })).toBeNull();
  });

  it('checks patternProperties keys and additionalProperties on the same engine', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^(a|aa)+$': { type: 'number' } },
      additionalProperties: false,
    };
    expect(problems(schema, { aaaa: 1 })).toBeNull();
    expect(problems(schema, { [EVIL]: 1 })).toHaveLength(1);
    expect(problems(schema, { aaaa: 'x' })).toEqual(['/aaaa must be number (got "x")']);
  });

  it('runs a pattern built to backtrack on RE2 in a trusted schema too', () => {
    expect(problems(withPattern('^(a*)*$'), { q: EVIL }, true)).toHaveLength(1);
  });

  it.each([
    ['^[a-z]+$', ['abc'], ['aBc', '', 'abc\n']],
    ['^\\d{3}-\\d{4}$', ['123-4567'], ['12-4567', '١٢٣-4567']],
    ['^\\p{L}+$', ['héllo', '日本語'], ['a1', '']],
    ['^\\p{Lu}\\p{Ll}+$', ['Élan'], ['élan']],
    ['^\\S+$', ['a-b'], ['a b', 'a\u00a0b']],
    ['^.+$', ['😀x'], ['a\rb', 'a\u2028b']],
    ['^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$', ['a.b@c-d.io'], ['a@b', 'a b@c.io']],
    ['v\\d', ['xv1y'], ['v']],
    ['^$', [''], ['x']],
  ])('keeps the meaning of %s', (pattern, good, bad) => {
    for (const q of good) expect(problems(withPattern(pattern), { q }), q).toBeNull();
    for (const q of bad) expect(problems(withPattern(pattern), { q }), q).toHaveLength(1);
  });

  it('refuses to check a string whose length times the pattern’s size is over the budget', () => {
    // RE2's DFA gives up on this one and each character then costs a step per instruction (~1,000).
    const costly = withPattern('^[ab]*a[ab]{1000}$');
    expect(problems(costly, { q: 'ab'.repeat(1000) })).toEqual([
      '/q must match the pattern ^[ab]*a[ab]{1000}$ (got "ababababababababababababababababababab…)',
    ]);
    const [problem] = problems(costly, { q: 'ab'.repeat(100_000) })!;
    expect(problem).toMatch(
      /^a string of 200,000 characters is more than the [\d,]+ that can be checked against the pattern "\^\[ab\]\*a\[ab\]\{1000\}\$" \(one call's arguments get a fixed budget of pattern checking\); send less text$/,
    );
  });

  it('shares the budget between all the strings of one call, and renews it for the next call', () => {
    const costly = {
      type: 'object',
      properties: { q: { type: 'array', items: { pattern: '^[ab]*a[ab]{1000}$' } } },
    };
    const piece = 'ab'.repeat(2000);
    expect(problems(costly, { q: [piece] })).toHaveLength(1);
    const [problem] = problems(costly, { q: Array.from({ length: 50 }, () => piece) })!;
    expect(problem).toMatch(/^a string of 4,000 characters is more than the [\d,]+ that can be checked/);
    expect(problems(costly, { q: [piece] })?.[0]).toMatch(/^\/q\/0 must match the pattern/);
  });

  it('fails closed when a property name is too long to check against patternProperties', () => {
    const schema = { type: 'object', patternProperties: { '^k[a-z]{0,1000}$': { type: 'number' } } };
    expect(problems(schema, { kabc: 1 })).toBeNull();
    expect(problems(schema, { [`k${'a'.repeat(100_000)}`]: 'not a number' })).toEqual([
      expect.stringMatching(/^a string of 100,001 characters is more than/),
    ]);
  });

  it('quotes at most 200 characters of a long pattern to the model', () => {
    const long = `^(?:${Array.from({ length: 300 }, (_, i) => `w${i}`).join('|')})$`;
    const [problem] = problems(withPattern(long), { q: 'nope' })!;
    expect(problem).toBe(`/q must match the pattern ${long.slice(0, 200)}… (got "nope")`);
  });

  it('still reports a pattern JavaScript cannot parse as an invalid schema', () => {
    expect(() => compileValidator(withPattern('a{,3'))).toThrow(
      /^invalid JSON Schema: .*Invalid regular expression/,
    );
  });
});

describe('patterns RE2 cannot run', () => {
  const lookahead = withPattern('^(?!admin$)[a-z]+$');

  it('refuse an untrusted schema, naming the pattern and the construct', () => {
    expect(() => compileValidator(lookahead)).toThrow(SchemaError);
    expect(() => compileValidator(lookahead)).toThrow(
      'the pattern "^(?!admin$)[a-z]+$" uses a lookahead (?= or (?!, which the linear-time regex engine (RE2) cannot run',
    );
    expect(() => compileValidator(withPattern('^(a)\\1$'))).toThrow(/uses a backreference \\1/);
  });

  it('refuse them in patternProperties and nested subschemas too', () => {
    const nested = {
      type: 'object',
      properties: { list: { type: 'array', items: { patternProperties: { '^(?=x)': { type: 'string' } } } } },
    };
    expect(() => compileValidator(nested)).toThrow(/uses a lookahead/);
    expect(() =>
      compileValidator({
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' } },
        $defs: { a: withPattern('(?<=a)b') },
      }),
    ).toThrow(/uses a lookbehind/);
  });

  it('quote a long pattern only in part', () => {
    const long = `(?=x)${'y'.repeat(5000)}`;
    let message = '';
    try {
      compileValidator(withPattern(long));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('(5005 characters)');
    expect(message.length).toBeLessThan(500);
  });

  it('run on JavaScript’s engine in a trusted schema', () => {
    expect(problems(lookahead, { q: 'alice' }, true)).toBeNull();
    expect(problems(lookahead, { q: 'admin' }, true)).toHaveLength(1);
  });

  it('stay refused for an untrusted caller after a trusted compile of the same schema was cached', () => {
    const schema = withPattern('^(?!root$)\\w+$');
    const trusted = compileValidator(schema, { trusted: true });
    expect(compileValidator(schema, { trusted: true })).toBe(trusted);
    expect(() => compileValidator(schema)).toThrow(/uses a lookahead/);
    expect(() => compileValidator(structuredClone(schema))).toThrow(/uses a lookahead/);
  });
});

describe('caching with patterns', () => {
  it('returns the same validator for the same pattern schema, trusted or not', () => {
    const schema = withPattern('^[a-z]+$');
    const first = compileValidator(schema);
    expect(compileValidator(schema)).toBe(first);
    expect(compileValidator(structuredClone(schema), { trusted: true })).toBe(first);
  });

  it('keeps two schemas with different patterns apart', () => {
    const a = compileValidator(withPattern('^a+$'));
    const b = compileValidator(withPattern('^b+$'));
    expect(a({ q: 'aa' })).toBeNull();
    expect(b({ q: 'aa' })).not.toBeNull();
    expect(b({ q: 'bb' })).toBeNull();
  });

  it('keeps validating correctly across many compiles (ajv instances are replaced as they fill)', () => {
    const early = compileValidator(withPattern('^early$'));
    for (let i = 0; i < 1200; i++) {
      const v = compileValidator(withPattern(`^x${i}$`));
      if (i % 300 === 0) expect(v({ q: `x${i}` })).toBeNull();
    }
    expect(early({ q: 'early' })).toBeNull();
    expect(early({ q: 'late' })).not.toBeNull();
    expect(compileValidator(withPattern('^late$'))({ q: 'late' })).toBeNull();
  });
});
