import { describe, expect, it } from 'vitest';
import { repairArguments } from '../../src/schema/index.js';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    label: { type: 'string' },
    offset: { type: 'integer' },
    ratio: { type: 'number' },
    recursive: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    options: { type: 'object', properties: { depth: { type: 'integer' } } },
    note: { type: ['string', 'null'] },
    mode: { type: 'string', enum: ['a', 'b'] },
    edits: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          old_text: { type: 'string' },
          new_text: { type: 'string' },
          replace_all: { type: 'boolean' },
          count: { type: 'integer' },
        },
        required: ['old_text', 'new_text'],
      },
    },
  },
  required: ['path'],
};

describe('repairArguments', () => {
  it('returns the same object and no repairs when nothing needs fixing', () => {
    const value = {
      path: 'a.txt',
      label: '12',
      offset: 3,
      tags: ['x'],
      options: { depth: 2 },
      note: null,
      edits: [{ old_text: 'a', new_text: 'b', replace_all: true }],
    };
    const r = repairArguments(value, schema);
    expect(r.value).toBe(value);
    expect(r.repairs).toEqual([]);
  });

  it('string_to_number for integer and number', () => {
    const r = repairArguments({ path: 'a', offset: ' 12 ', ratio: '-3.5' }, schema);
    expect(r.value).toEqual({ path: 'a', offset: 12, ratio: -3.5 });
    expect(r.repairs).toEqual([
      { path: '/offset', kind: 'string_to_number', note: '/offset: string " 12 " → number 12' },
      { path: '/ratio', kind: 'string_to_number', note: '/ratio: string "-3.5" → number -3.5' },
    ]);
  });

  it('accepts exponent syntax, and integers only when the result is whole', () => {
    expect(repairArguments({ path: 'a', offset: '1e3' }, schema).value).toEqual({ path: 'a', offset: 1000 });
    const r = repairArguments({ path: 'a', offset: '1.5' }, schema);
    expect(r.value.offset).toBe('1.5');
    expect(r.repairs).toEqual([]);
  });

  it.each(['', ' ', '0x10', 'NaN', 'Infinity', '-Infinity', '1e999', '012', '+5', '.5', '12abc', 'abc'])(
    'does not coerce %j to a number',
    (text) => {
      const value = { path: 'a', ratio: text };
      const r = repairArguments(value, schema);
      expect(r.value).toBe(value);
      expect(r.repairs).toEqual([]);
    },
  );

  it('leaves a numeric string in a string field alone', () => {
    const value = { path: '12', label: '12' };
    expect(repairArguments(value, schema)).toEqual({ value, repairs: [] });
  });

  it('string_to_boolean, case-insensitive and trimmed', () => {
    const r = repairArguments({ path: 'a', recursive: ' TRUE ' }, schema);
    expect(r.value).toEqual({ path: 'a', recursive: true });
    expect(r.repairs).toEqual([
      { path: '/recursive', kind: 'string_to_boolean', note: '/recursive: string " TRUE " → boolean true' },
    ]);
    expect(repairArguments({ path: 'a', recursive: 'False' }, schema).value.recursive).toBe(false);
    expect(repairArguments({ path: 'a', recursive: 'yes' }, schema).value.recursive).toBe('yes');
  });

  it('stringified_json for arrays and objects, then repairs inside', () => {
    const r = repairArguments(
      {
        path: 'a',
        tags: '["x","y"]',
        edits: '[{"old_text":"a","new_text":"b","replace_all":"true"}]',
        options: '{"depth":"2"}',
      },
      schema,
    );
    expect(r.value).toEqual({
      path: 'a',
      tags: ['x', 'y'],
      edits: [{ old_text: 'a', new_text: 'b', replace_all: true }],
      options: { depth: 2 },
    });
    expect(r.repairs.map((x) => [x.path, x.kind])).toEqual([
      ['/tags', 'stringified_json'],
      ['/edits', 'stringified_json'],
      ['/edits/0/replace_all', 'string_to_boolean'],
      ['/options', 'stringified_json'],
      ['/options/depth', 'string_to_number'],
    ]);
    expect(r.repairs[0]!.note).toBe('/tags: JSON string → array');
  });

  it('does not parse JSON of the wrong kind, or with forbidden keys', () => {
    const value = { path: 'a', tags: '{"a":1}', options: '{"__proto__":{"x":1}}' };
    expect(repairArguments(value, schema)).toEqual({ value, repairs: [] });
  });

  it('null_removed for optional fields that do not allow null', () => {
    const r = repairArguments({ path: 'a', offset: null, tags: null }, schema);
    expect(r.value).toEqual({ path: 'a' });
    expect(r.repairs).toEqual([
      { path: '/offset', kind: 'null_removed', note: '/offset: null removed (optional field)' },
      { path: '/tags', kind: 'null_removed', note: '/tags: null removed (optional field)' },
    ]);
  });

  it('keeps null where null is allowed, where the field is required, or where the schema does not say', () => {
    const value = { path: null, note: null, extra: null };
    expect(repairArguments(value, schema)).toEqual({ value, repairs: [] });
    const anyOfNull = {
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] }, b: { description: 'anything' } },
    };
    const v2 = { a: null, b: null };
    expect(repairArguments(v2, anyOfNull)).toEqual({ value: v2, repairs: [] });
  });

  it('repairs nested array items with JSON pointer paths', () => {
    const r = repairArguments(
      {
        path: 'a',
        edits: [
          { old_text: 'a', new_text: 'b' },
          { old_text: 'c', new_text: 'd', replace_all: 'false', count: '2' },
        ],
      },
      schema,
    );
    expect(r.repairs.map((x) => x.path)).toEqual(['/edits/1/replace_all', '/edits/1/count']);
    expect((r.value.edits as unknown[])[1]).toEqual({
      old_text: 'c',
      new_text: 'd',
      replace_all: false,
      count: 2,
    });
  });

  it('never mutates the input and copies only the objects on the repair path', () => {
    const first = { old_text: 'a', new_text: 'b' };
    const second = { old_text: 'c', new_text: 'd', replace_all: 'true' };
    const options = { depth: 1 };
    const input = { path: 'a', options, edits: [first, second] };
    const frozen = structuredClone(input);
    const r = repairArguments(input, schema);
    expect(input).toEqual(frozen);
    expect(r.value).not.toBe(input);
    expect(r.value.options).toBe(options);
    const edits = r.value.edits as unknown[];
    expect(edits).not.toBe(input.edits);
    expect(edits[0]).toBe(first);
    expect(edits[1]).not.toBe(second);
  });

  it('follows local $ref into $defs and definitions', () => {
    const refSchema = {
      type: 'object',
      properties: { edit: { $ref: '#/$defs/Edit' }, n: { $ref: '#/definitions/N' } },
      $defs: { Edit: { type: 'object', properties: { line: { type: 'integer' } } } },
      definitions: { N: { type: 'number' } },
    };
    const r = repairArguments({ edit: { line: '7' }, n: '2.5' }, refSchema);
    expect(r.value).toEqual({ edit: { line: 7 }, n: 2.5 });
    expect(r.repairs.map((x) => x.path)).toEqual(['/edit/line', '/n']);
  });

  describe('anyOf, oneOf and type arrays', () => {
    it('coerces when the target is allowed and the value matches none of the types', () => {
      const s = {
        type: 'object',
        properties: {
          a: { type: ['integer', 'null'] },
          b: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
          c: { oneOf: [{ type: 'boolean' }, { type: 'null' }] },
        },
      };
      const r = repairArguments({ a: '5', b: '["x"]', c: 'true' }, s);
      expect(r.value).toEqual({ a: 5, b: ['x'], c: true });
    });

    it('does not coerce when the value already matches one of the types', () => {
      const s = {
        type: 'object',
        properties: {
          a: { type: ['integer', 'string'] },
          b: { anyOf: [{ type: 'number' }, { type: 'string' }] },
          c: { anyOf: [{ type: 'number' }, { const: 'auto' }] },
        },
      };
      const value = { a: '5', b: '5', c: 'auto' };
      expect(repairArguments(value, s)).toEqual({ value, repairs: [] });
    });

    it('does not coerce when a branch has no type information', () => {
      const s = {
        type: 'object',
        properties: { a: { anyOf: [{ type: 'number' }, { description: 'any' }] } },
      };
      const value = { a: '5' };
      expect(repairArguments(value, s)).toEqual({ value, repairs: [] });
    });

    it('walks into the single object branch of a nullable object', () => {
      const s = {
        type: 'object',
        properties: {
          opts: { anyOf: [{ type: 'object', properties: { n: { type: 'integer' } } }, { type: 'null' }] },
        },
      };
      expect(repairArguments({ opts: { n: '4' } }, s).value).toEqual({ opts: { n: 4 } });
    });
  });

  it('coerces to a number only for safe integers when the schema wants an integer', () => {
    const value = { path: 'a', offset: '12345678901234567890' };
    expect(repairArguments(value, schema).value).toBe(value);
  });
});
