import { describe, expect, it } from 'vitest';
import {
  compileValidator,
  formatValidationMessage,
  repairArguments,
  SchemaError,
} from '../../src/schema/index.js';

const readFile = {
  type: 'object',
  properties: { path: { type: 'string' }, offset: { type: 'integer' } },
  required: ['path'],
};

function messages(schema: Record<string, unknown>, value: unknown): string[] | null {
  return compileValidator(schema)(value)?.map((p) => p.message) ?? null;
}

describe('compileValidator', () => {
  it('returns null for valid arguments', () => {
    expect(compileValidator(readFile)({ path: 'a.txt', offset: 2 })).toBeNull();
  });

  it('gives the exact sentence for read_file with a bad offset and a missing path', () => {
    const args = { offset: 'abc' };
    // "abc" is not a number, so repair leaves it for validation to report.
    const repaired = repairArguments(args, readFile);
    expect(repaired.repairs).toEqual([]);
    const problems = compileValidator(readFile)(repaired.value)!;
    expect(problems).toEqual([
      { path: '/offset', message: '/offset must be integer (got "abc")' },
      { path: '/path', message: '/path is required' },
    ]);
    expect(formatValidationMessage('read_file', problems)).toBe(
      'Invalid arguments for read_file: /offset must be integer (got "abc"); /path is required.',
    );
  });

  it('describes the received value for type errors', () => {
    const s = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        c: { type: 'number' },
        d: { type: 'string' },
      },
    };
    expect(messages(s, { a: { x: 1 }, b: [1], c: 'x'.repeat(100), d: null })).toEqual([
      '/a must be string (got object)',
      '/b must be string (got array)',
      `/c must be number (got "${'x'.repeat(38)}…)`,
      '/d must be string (got null)',
    ]);
  });

  it('names the root "arguments" for a root type error', () => {
    expect(messages(readFile, [1, 2])).toEqual(['arguments must be object (got array)']);
  });

  it('joins multiple allowed types with "or"', () => {
    const s = { type: 'object', properties: { a: { type: ['string', 'null'] } } };
    expect(messages(s, { a: 1 })).toEqual(['/a must be string or null (got 1)']);
  });

  it('lists allowed properties for additionalProperties', () => {
    const s = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      additionalProperties: false,
    };
    expect(messages(s, { a: 'x', foo: 1 })).toEqual(['/foo is not allowed (allowed: a, b, c)']);
  });

  it('reports enum and const with the received value', () => {
    const s = {
      type: 'object',
      properties: { mode: { enum: ['a', 'b'] }, kind: { const: 'file' } },
    };
    expect(messages(s, { mode: 'c', kind: 'dir' })).toEqual([
      '/kind must be "file" (got "dir")',
      '/mode must be one of "a", "b" (got "c")',
    ]);
  });

  it('reports limits', () => {
    const s = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1 },
        m: { type: 'integer', exclusiveMaximum: 10 },
        s: { type: 'string', minLength: 2, pattern: '^[a-z]+$' },
        t: { type: 'string', maxLength: 1 },
        l: { type: 'array', minItems: 1 },
        k: { type: 'array', maxItems: 1 },
        u: { type: 'string', format: 'uri' },
      },
    };
    expect(messages(s, { n: 0, m: 10, s: '1', t: 'ab', l: [], k: [1, 2], u: 'not a uri' })).toEqual([
      '/k must have at most 1 item',
      '/l must have at least 1 item',
      '/m must be < 10 (got 10)',
      '/n must be >= 1 (got 0)',
      '/s must have at least 2 characters',
      '/s must match the pattern ^[a-z]+$ (got "1")',
      '/t must have at most 1 character',
      '/u must be a valid uri (got "not a uri")',
    ]);
  });

  it('reports anyOf as one message without the branch noise', () => {
    const s = {
      type: 'object',
      properties: {
        target: {
          anyOf: [
            { type: 'object', properties: { line: { type: 'integer' } }, required: ['line'] },
            { type: 'string', minLength: 1 },
          ],
        },
      },
    };
    expect(compileValidator(s)({ target: 5 })).toEqual([
      { path: '/target', message: '/target must match one of the allowed shapes' },
    ]);
    expect(messages(s, { target: {} })).toEqual(['/target must match one of the allowed shapes']);
  });

  it('drops branch errors reached through $ref, and keeps sibling errors', () => {
    const s = {
      type: 'object',
      $defs: { A: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
      properties: { x: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'number' }] } },
      required: ['y'],
    };
    expect(messages(s, { x: { b: 1 } })).toEqual([
      '/x must match one of the allowed shapes',
      '/y is required',
    ]);
  });

  it('reports a root-level oneOf once', () => {
    const s = {
      type: 'object',
      oneOf: [
        { properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'string' } }, required: ['b'] },
      ],
    };
    expect(messages(s, {})).toEqual(['arguments must match one of the allowed shapes']);
    expect(messages(s, { a: 'x', b: 'y' })).toEqual([
      'arguments must match exactly one of the allowed shapes (it matches several)',
    ]);
  });

  it('gives nested array item paths, ordered numerically', () => {
    const s = {
      type: 'object',
      properties: {
        edits: {
          type: 'array',
          items: {
            type: 'object',
            properties: { old_text: { type: 'string' }, new_text: { type: 'string' } },
            required: ['old_text', 'new_text'],
          },
        },
      },
    };
    const edits = Array.from({ length: 11 }, () => ({ old_text: 'a', new_text: 'b' })) as Record<
      string,
      unknown
    >[];
    edits[10] = { new_text: 'b' };
    edits[2] = { old_text: 1, new_text: 'b' };
    expect(compileValidator(s)({ edits })).toEqual([
      { path: '/edits/2/old_text', message: '/edits/2/old_text must be string (got 1)' },
      { path: '/edits/10/old_text', message: '/edits/10/old_text is required' },
    ]);
  });

  it('escapes property names in pointers', () => {
    const s = { type: 'object', required: ['a/b'] };
    expect(messages(s, {})).toEqual(['/a~1b is required']);
  });

  it('deduplicates identical problems', () => {
    const s = {
      type: 'object',
      properties: { a: { type: 'string' } },
      allOf: [{ required: ['a'] }, { required: ['a'] }],
    };
    expect(messages(s, {})).toEqual(['/a is required']);
  });

  describe('caching', () => {
    it('returns the same function for the same object', () => {
      expect(compileValidator(readFile)).toBe(compileValidator(readFile));
    });

    it('returns the same function for an equal schema from another object, whatever the key order', () => {
      const a = { type: 'object', properties: { q: { type: 'string', minLength: 3 } }, required: ['q'] };
      const b = { required: ['q'], properties: { q: { minLength: 3, type: 'string' } }, type: 'object' };
      expect(compileValidator(a)).toBe(compileValidator(b));
      expect(compileValidator(a)).not.toBe(compileValidator({ ...a, required: [] }));
    });

    it('compiles two different schemas that share an $id', () => {
      const a = compileValidator({
        $id: 'https://example.com/tool.json',
        type: 'object',
        properties: { a: { type: 'string' } },
      });
      const b = compileValidator({
        $id: 'https://example.com/tool.json',
        type: 'object',
        properties: { a: { type: 'number' } },
      });
      expect(a({ a: 'x' })).toBeNull();
      expect(b({ a: 1 })).toBeNull();
      expect(b({ a: 'x' })).not.toBeNull();
    });
  });

  describe('drafts', () => {
    it('compiles a draft-07 schema with $schema (tuple items, definitions)', () => {
      const s = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        definitions: { P: { type: 'integer' } },
        properties: { pair: { type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/P' }] } },
      };
      const v = compileValidator(s);
      expect(v({ pair: ['a', 1] })).toBeNull();
      expect(v({ pair: ['a', 'b'] })?.map((p) => p.message)).toEqual(['/pair/1 must be integer (got "b")']);
    });

    it('compiles 2020-12 prefixItems by default', () => {
      const s = { type: 'object', properties: { p: { type: 'array', prefixItems: [{ type: 'string' }] } } };
      expect(messages(s, { p: [1] })).toEqual(['/p/0 must be string (got 1)']);
    });

    it('accepts a draft-07-style schema without $schema', () => {
      const s = { type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } };
      expect(messages(s, { p: ['x'] })).toBeNull();
    });

    it('accepts an https or draft-06 $schema', () => {
      expect(() =>
        compileValidator({ $schema: 'https://json-schema.org/draft-06/schema#', type: 'object' }),
      ).not.toThrow();
    });
  });

  it('throws SchemaError with ajv’s message for an invalid schema', () => {
    expect(() => compileValidator({ type: 'object', properties: { a: { type: 'strin' } } })).toThrow(
      SchemaError,
    );
    expect(() => compileValidator({ type: 'object', properties: { a: { minimum: 'x' } } })).toThrow(
      /^invalid JSON Schema: /,
    );
  });
});

describe('formatValidationMessage', () => {
  it('caps a long list', () => {
    const problems = Array.from({ length: 25 }, (_, i) => ({
      path: `/a${i}`,
      message: `/a${i} is required`,
    }));
    const text = formatValidationMessage('t', problems);
    expect(text.startsWith('Invalid arguments for t: /a0 is required; /a1 is required;')).toBe(true);
    expect(text.endsWith('/a19 is required; and 5 more problems.')).toBe(true);
  });
});
