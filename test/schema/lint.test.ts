import { describe, expect, it } from 'vitest';
import { lintToolSchema, openAIStrictReport } from '../../src/schema/index.js';

describe('lintToolSchema', () => {
  it('accepts a good schema', () => {
    expect(
      lintToolSchema({
        type: 'object',
        properties: {
          path: { type: 'string' },
          anything: {},
          env: { type: 'object', additionalProperties: { type: 'string' } },
          meta: { type: 'object' },
          edits: {
            type: 'array',
            items: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          },
          target: { anyOf: [{ required: ['path'] }, { type: 'string' }] },
          ref: { $ref: '#/$defs/R' },
        },
        required: ['path'],
        $defs: { R: { type: 'string' } },
      }),
    ).toEqual([]);
  });

  it('requires an object root with properties', () => {
    expect(lintToolSchema({ type: 'array', items: {} })).toEqual([
      '(root): a tool\'s input schema must have type "object" (got "array")',
      '(root): a tool\'s input schema must have a "properties" object',
    ]);
    expect(lintToolSchema({ type: 'object' })).toEqual([
      '(root): a tool\'s input schema must have a "properties" object',
    ]);
  });

  it('finds required keys missing from properties, at every level', () => {
    expect(
      lintToolSchema({
        type: 'object',
        properties: {
          a: { type: 'string' },
          o: { type: 'object', properties: { x: { type: 'string' } }, required: ['x', 'y'] },
          m: { type: 'object', additionalProperties: true, required: ['k'] },
        },
        required: ['a', 'b'],
      }),
    ).toEqual([
      '(root): required property "b" is not in "properties"',
      '/properties/o: required property "y" is not in "properties"',
      '/properties/m: "required" lists k but the object declares no "properties"',
    ]);
  });

  it('finds arrays without items, in nested places', () => {
    expect(
      lintToolSchema({
        type: 'object',
        properties: {
          edits: { type: 'array' },
          tuple: { type: 'array', prefixItems: [{ type: 'string' }] },
          nested: { type: 'object', properties: { list: { type: ['array', 'null'] } } },
          alt: { anyOf: [{ type: 'array' }, { type: 'null' }] },
        },
        $defs: { L: { type: 'array' } },
      }),
    ).toEqual([
      '/properties/edits: array has no "items"',
      '/properties/nested/properties/list: array has no "items"',
      '/properties/alt/anyOf/0: array has no "items"',
      '/$defs/L: array has no "items"',
    ]);
  });

  it('finds bad types, bad required, and unresolved refs', () => {
    expect(
      lintToolSchema({
        type: 'object',
        properties: {
          a: { type: 'str' },
          b: { type: 'string', required: true },
          c: { $ref: '#/$defs/Missing' },
        },
      }),
    ).toEqual([
      '/properties/a: unknown type "str"',
      '/properties/b: "required" must be an array of property names',
      '/properties/c: $ref "#/$defs/Missing" does not resolve',
    ]);
  });
});

describe('openAIStrictReport', () => {
  const strict = {
    type: 'object',
    properties: {
      path: { type: 'string' },
      limit: { type: ['integer', 'null'] },
      edits: {
        type: 'array',
        items: {
          type: 'object',
          properties: { a: { type: 'string' } },
          required: ['a'],
          additionalProperties: false,
        },
      },
      choice: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['path', 'limit', 'edits', 'choice'],
    additionalProperties: false,
  };

  it('accepts a strict-ready schema', () => {
    expect(openAIStrictReport(strict)).toEqual({ compatible: true, problems: [] });
  });

  it('names each incompatibility with its path', () => {
    const report = openAIStrictReport({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 10 },
        opts: { type: 'object', properties: { x: { type: 'string' } } },
        both: { allOf: [{ type: 'string' }] },
        list: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      },
      required: ['name'],
    });
    expect(report.compatible).toBe(false);
    expect(report.problems).toEqual([
      '(root): "additionalProperties" must be false',
      '(root): every property must be in "required" (missing: opts, both, list); make optional ones nullable instead',
      '/properties/name: "minLength" is not supported',
      '/properties/name: "maxLength" is not supported',
      '/properties/opts: "additionalProperties" must be false',
      '/properties/opts: every property must be in "required" (missing: x); make optional ones nullable instead',
      '/properties/both: "allOf" is not supported',
      '/properties/list: "uniqueItems" is not supported',
    ]);
  });

  it('rejects an anyOf root', () => {
    const report = openAIStrictReport({ anyOf: [strict, strict] });
    expect(report.problems).toContain('(root): must be a single object, not anyOf/oneOf');
  });

  it('checks nesting depth, total properties and enum size', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 11; i++) {
      deep = { type: 'object', properties: { d: deep }, required: ['d'], additionalProperties: false };
    }
    expect(openAIStrictReport(deep).problems).toEqual([
      '/properties/d/properties/d/properties/d/properties/d/properties/d/properties/d/properties/d/properties/d/properties/d/properties/d: objects nested 11 deep, over the limit of 10',
    ]);

    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const big = {
      type: 'object',
      properties: many,
      required: Object.keys(many),
      additionalProperties: false,
    };
    expect(openAIStrictReport(big).problems).toEqual([
      '(root): 5001 properties in total, over the limit of 5000',
    ]);

    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    const e = {
      type: 'object',
      properties: { e: { type: 'string', enum: values } },
      required: ['e'],
      additionalProperties: false,
    };
    expect(openAIStrictReport(e).problems).toEqual([
      '(root): 1001 enum values in total, over the limit of 1000',
    ]);
  });

  it('does not mistake property names for keywords', () => {
    const s = {
      type: 'object',
      properties: { minLength: { type: 'integer' }, allOf: { type: 'string' } },
      required: ['minLength', 'allOf'],
      additionalProperties: false,
    };
    expect(openAIStrictReport(s)).toEqual({ compatible: true, problems: [] });
  });
});
