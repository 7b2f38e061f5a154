import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileValidator, forProvider, SchemaError, toJsonSchema } from '../../src/schema/index.js';

describe('toJsonSchema', () => {
  it('returns a deep clone of a plain JSON Schema', () => {
    const input = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    const { schema, standardValidate } = toJsonSchema(input);
    expect(schema).toEqual(input);
    expect(schema).not.toBe(input);
    expect(schema.properties).not.toBe(input.properties);
    expect(standardValidate).toBeUndefined();
  });

  it('drops symbol keys from a TypeBox schema', () => {
    const tb = Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer()) });
    const { schema } = toJsonSchema(tb);
    expect(Object.getOwnPropertySymbols(schema)).toEqual([]);
    expect(Object.getOwnPropertySymbols(schema.properties as object)).toEqual([]);
    expect(schema).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer' } },
      required: ['path'],
    });
  });

  it('converts a zod v4 schema with io "input": defaulted fields are optional', async () => {
    const zs = z.object({ path: z.string(), n: z.number().int().default(3) });
    const { schema, standardValidate } = toJsonSchema(zs);
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['path']);
    expect(Object.keys(schema.properties as object)).toEqual(['path', 'n']);
    expect(standardValidate).toBeTypeOf('function');
    expect(await standardValidate!({ path: 'a.txt' })).toEqual({ ok: true, value: { path: 'a.txt', n: 3 } });
    // The converted schema compiles and accepts what the model would send.
    expect(compileValidator(schema)({ path: 'a.txt' })).toBeNull();
  });

  it('formats Standard Schema issues with JSON pointer paths', async () => {
    const zs = z.object({ edits: z.array(z.object({ old_text: z.string() })) });
    const { standardValidate } = toJsonSchema(zs);
    const outcome = await standardValidate!({ edits: [{ old_text: 5 }] });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.issues).toEqual([
      '/edits/0/old_text: Invalid input: expected string, received number',
    ]);
  });

  it('reports a failing zod refinement as an issue', async () => {
    const zs = z.object({ start: z.number(), end: z.number() }).refine((v) => v.end >= v.start, {
      message: 'end must not be before start',
    });
    const { standardValidate } = toJsonSchema(zs);
    expect(await standardValidate!({ start: 5, end: 2 })).toEqual({
      ok: false,
      issues: ['end must not be before start'],
    });
    expect(await standardValidate!({ start: 1, end: 2 })).toEqual({ ok: true, value: { start: 1, end: 2 } });
  });

  it('accepts {key} path segments and async validators from any Standard Schema', async () => {
    const custom = {
      '~standard': {
        version: 1,
        vendor: 'custom',
        validate: async (v: unknown) =>
          v === 1 ? { value: 1 } : { issues: [{ message: 'bad', path: [{ key: 'a' }, 0, 'b/c'] }] },
        jsonSchema: { input: () => ({ type: 'object' }) },
      },
    };
    const { schema, standardValidate } = toJsonSchema(custom);
    expect(schema).toEqual({ type: 'object' });
    expect(await standardValidate!(2)).toEqual({ ok: false, issues: ['/a/0/b~1c: bad'] });
    expect(await standardValidate!(1)).toEqual({ ok: true, value: 1 });
  });

  it('rejects an older zod (no ~standard.jsonSchema) with advice', () => {
    const old = {
      _zod: { def: {} },
      '~standard': { version: 1, vendor: 'zod', validate: () => ({ value: 1 }) },
    };
    expect(() => toJsonSchema(old)).toThrow(SchemaError);
    expect(() => toJsonSchema(old)).toThrow(/zod >= 4\.2.*z\.toJSONSchema\(schema, \{ io: "input" \}\)/);
  });

  it('rejects a Standard Schema without JSON Schema, naming its vendor', () => {
    const valibotLike = { '~standard': { version: 1, vendor: 'valibot', validate: () => ({ value: 1 }) } };
    expect(() => toJsonSchema(valibotLike)).toThrow(/valibot schema carries no JSON Schema/);
  });

  it('rejects values that are not schemas', () => {
    expect(() => toJsonSchema('string')).toThrow(SchemaError);
    expect(() => toJsonSchema(null)).toThrow(/got null/);
    expect(() => toJsonSchema(42)).toThrow(/got number/);
    expect(() => toJsonSchema([{ type: 'string' }])).toThrow(/got array/);
  });
});

describe('forProvider', () => {
  it('drops only the top-level $schema and copies the rest', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'string' } },
    };
    const out = forProvider(schema);
    expect(out).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(out.properties).not.toBe(schema.properties);
    expect(schema.$schema).toBeDefined();
  });
});
