// The walk's fast matchers give exactly the file policy's answers (see scan-rules.ts).
import { describe, expect, it } from 'vitest';
import { compileDeny, compileProtected, PROBE } from '../../../src/sandbox/backends/scan-rules.js';
import { protectedMatcher } from '../../../src/sandbox/protected-paths.js';

const EXTRA = ['deploy/**', '**/*.key', '.tool-versions', 'config/*.yml', '**/Secrets'];
const NAMES = [
  '.envrc',
  '.ENVRC',
  '.envrc.',
  '.envrc. .',
  '.git',
  '.Git',
  '.git.',
  '.gitignore',
  '.npmrc',
  '.vscode',
  '.claude',
  '.handrail',
  '.bashrc',
  'a.key',
  'secrets',
  'Secrets',
  'deploy',
  'prod.yml',
  '.tool-versions',
  'index.js',
  '...',
  '.',
  // Non-ASCII: full-width letters and solidus, zero-width space, soft hyphen, a combining mark.
  '．envrc',
  '.ｅｎｖｒｃ',
  'x／.envrc',
  '.env\u200Brc',
  '.np\u00ADmrc',
  '.envrc\u0301',
  'é',
];
const PARENTS = ['', 'src', 'a/b', 'node_modules/pkg', 'config', 'ｓｒｃ'];

describe('compileProtected', () => {
  it('answers as protectedMatcher for an entry whose parents are not protected', () => {
    const fast = compileProtected(EXTRA);
    const full = protectedMatcher(EXTRA);
    const mismatches: string[] = [];
    for (const parent of PARENTS) {
      for (const name of NAMES) {
        for (const dir of [false, true]) {
          const rel = parent ? `${parent}/${name}` : name;
          const expected = full(rel) || (dir && full(`${rel}/${PROBE}`));
          if (fast(rel, name, dir) !== expected) mismatches.push(`${rel}${dir ? '/' : ''} → ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('compileDeny', () => {
  it('looks up globs without wildcards, matches the others, and knows where they can match', () => {
    const deny = compileDeny([
      'config/prod',
      '/ws/.handrail/handrail.db',
      '**/*.pem',
      'secrets/*.key',
      'a\\*b',
    ]);
    expect(deny.literal).toEqual({ relative: ['config/prod'], absolute: ['/ws/.handrail/handrail.db'] });
    expect(deny.match?.('x/y/k.pem')).toBe(true);
    expect(deny.match?.('config/prod')).toBe(false);
    // `**/*.pem` can match anywhere: every directory may hold one.
    expect(deny.reachesInto('/ws/node_modules', ['node_modules'])).toBe(true);
    const narrow = compileDeny(['secrets/*.key', '/etc/ssl/**']);
    expect(narrow.reachesInto('/ws/node_modules', ['node_modules'])).toBe(false);
    expect(narrow.reachesInto('/ws/secrets', ['secrets'])).toBe(true);
    expect(narrow.reachesInto('/ws', [''])).toBe(true);
    expect(narrow.reachesInto('/etc', [])).toBe(true);
    expect(narrow.reachesInto('/etc/ssl/private', [])).toBe(true);
    expect(narrow.reachesInto('/usr', [])).toBe(false);
    expect(compileDeny(['config/prod']).reachesInto('/ws', [''])).toBe(false);
  });
});
