// The configuration schema, the published file, the settings table and the runtime's own option keys must
// say the same thing: each test here fails when one of them changes alone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { CONFIG_SCHEMA, type HandrailConfig, SETTING_KEYS } from '../../src/config/index.js';
import { DEFAULT_RUNTIME_LIMITS, type RuntimeOptions } from '../../src/index.js';

const file = path.resolve(import.meta.dirname, '../../schema/config.schema.json');

type Node = { type?: string; properties?: Record<string, Node> };

/** Dotted keys of the schema's leaves: a section (an object with properties) is not a setting itself. */
function leaves(node: Node, prefix = ''): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
    key === '$schema'
      ? []
      : child.type === 'object' && child.properties
        ? leaves(child, `${prefix}${key}.`)
        : [`${prefix}${key}`],
  );
}

describe('the configuration schema', () => {
  test('schema/config.schema.json is the schema ajv uses (UPDATE_SCHEMA=1 rewrites it)', () => {
    // Then `npx biome format --write schema/config.schema.json` gives it the repository's layout.
    if (process.env.UPDATE_SCHEMA) writeFileSync(file, `${JSON.stringify(CONFIG_SCHEMA, null, 2)}\n`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(CONFIG_SCHEMA)));
  });

  test('the package ships it: package.json "files" includes schema/', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(pkg.files).toContain('schema');
  });

  test('every setting of the schema has a row in the settings table, and no other row exists', () => {
    expect([...SETTING_KEYS].sort()).toEqual(leaves(CONFIG_SCHEMA as unknown as Node).sort());
  });

  test('limits: exactly the runtime limits, nested ones included', () => {
    const runtime = Object.entries(DEFAULT_RUNTIME_LIMITS).flatMap(([key, value]) =>
      typeof value === 'number' ? [key] : Object.keys(value).map((inner) => `${key}.${inner}`),
    );
    expect(leaves(CONFIG_SCHEMA.properties.limits as unknown as Node).sort()).toEqual(runtime.sort());
  });

  test('the TypeScript type is derived from the schema: its values fit the runtime options', () => {
    type Config = HandrailConfig;
    expectTypeOf<NonNullable<Config['profile']>>().toEqualTypeOf<
      'full_access' | 'auto_accept_edits' | 'supervised' | 'read_only'
    >();
    expectTypeOf<NonNullable<Config['sandbox']>['backend']>().toExtend<RuntimeOptions['sandbox']>();
    expectTypeOf<NonNullable<Config['limits']>>().toExtend<NonNullable<RuntimeOptions['limits']>>();
    expectTypeOf<NonNullable<Config['network']>['mode']>().toExtend<
      NonNullable<RuntimeOptions['network']>['mode']
    >();
    expectTypeOf<Config>().not.toHaveProperty('apiKey');
  });
});
