import { describe, expect, it } from 'vitest';
import { decodeArguments } from '../../src/schema/index.js';

const opts = { maxBytes: 1024 * 1024 };

describe('decodeArguments', () => {
  it.each([undefined, null, '', '   \n'])('turns %j into {} with an empty_arguments repair', (raw) => {
    const r = decodeArguments(raw, opts);
    expect(r).toEqual({
      ok: true,
      value: {},
      repairs: [{ path: '', kind: 'empty_arguments', note: 'no arguments were sent; using {}' }],
    });
  });

  it('parses a JSON string without recording a repair', () => {
    expect(decodeArguments('{"path":"a.txt","offset":3}', opts)).toEqual({
      ok: true,
      value: { path: 'a.txt', offset: 3 },
      repairs: [],
    });
  });

  it('passes an object through as the same object', () => {
    const args = { path: 'a.txt' };
    const r = decodeArguments(args, opts);
    expect(r.ok && r.value).toBe(args);
    expect(r.ok && r.repairs).toEqual([]);
  });

  it('decodes double-encoded JSON once more and records it', () => {
    const raw = JSON.stringify(JSON.stringify({ path: 'a.txt' }));
    const r = decodeArguments(raw, opts);
    expect(r).toEqual({
      ok: true,
      value: { path: 'a.txt' },
      repairs: [
        { path: '', kind: 'double_encoded', note: 'arguments were JSON-encoded twice; decoded again' },
      ],
    });
  });

  it('stops after two levels of encoding', () => {
    const raw = JSON.stringify(JSON.stringify(JSON.stringify({ path: 'a.txt' })));
    expect(decodeArguments(raw, opts)).toEqual({
      ok: false,
      message: 'arguments must be a JSON object (got string)',
    });
  });

  it('rejects oversize text before parsing it', () => {
    // Not valid JSON: a parse attempt would report a syntax error instead of the size.
    const raw = `{${'x'.repeat(2 * 1024 * 1024 - 1)}`;
    expect(decodeArguments(raw, opts)).toEqual({
      ok: false,
      message:
        'arguments are 2.0 MiB, over the 1.0 MiB limit; send smaller pieces (for example write the file in parts)',
    });
  });

  it('counts UTF-8 bytes, not string length', () => {
    const raw = JSON.stringify({ t: 'é'.repeat(600) }); // ~1.2 KB of UTF-8, ~610 chars
    expect(decodeArguments(raw, { maxBytes: 1000 }).ok).toBe(false);
    expect(decodeArguments(raw, { maxBytes: 2000 }).ok).toBe(true);
  });

  it('rejects an oversize object', () => {
    const r = decodeArguments({ content: 'x'.repeat(2048) }, { maxBytes: 1024 });
    expect(r).toEqual({
      ok: false,
      message:
        'arguments are 2.0 KiB, over the 1.0 KiB limit; send smaller pieces (for example write the file in parts)',
    });
  });

  it('reports malformed JSON without trying to fix it', () => {
    const r = decodeArguments('{"path":"a.txt","content":"hal', opts);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^arguments are not valid JSON: /);
  });

  it.each([
    ['[1,2]', 'array'],
    ['42', 'number'],
    ['"hello"', 'string'],
    ['null', 'null'],
    ['true', 'boolean'],
  ])('rejects %s: not an object', (raw, kind) => {
    expect(decodeArguments(raw, opts)).toEqual({
      ok: false,
      message: `arguments must be a JSON object (got ${kind})`,
    });
  });

  it('rejects non-object raw values', () => {
    expect(decodeArguments([1], opts)).toEqual({
      ok: false,
      message: 'arguments must be a JSON object (got array)',
    });
    expect(decodeArguments(7, opts)).toEqual({
      ok: false,
      message: 'arguments must be a JSON object (got number)',
    });
  });

  describe('forbidden keys', () => {
    it('rejects __proto__ in JSON text at the top level and nested', () => {
      expect(decodeArguments('{"__proto__":{"polluted":true}}', opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "__proto__" at the top level',
      });
      expect(decodeArguments('{"a":{"b":{"__proto__":{"x":1}}}}', opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "__proto__" at /a/b',
      });
      expect(decodeArguments('{"a":[{"__proto__":{}}]}', opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "__proto__" at /a/0',
      });
    });

    it('sees __proto__ hidden behind a unicode escape', () => {
      const r = decodeArguments('{"a":{"\\u005f_proto__":{}}}', opts);
      expect(!r.ok && r.message).toBe('arguments contain the forbidden key "__proto__" at /a');
    });

    it('rejects constructor.prototype', () => {
      expect(decodeArguments('{"x":{"constructor":{"prototype":{"y":1}}}}', opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "prototype" at /x/constructor',
      });
    });

    it('allows "prototype" and "constructor" on their own', () => {
      const r = decodeArguments('{"prototype":1,"constructor":"x","a":{"prototype":{}}}', opts);
      expect(r.ok).toBe(true);
    });

    it('rejects an object with an own __proto__ key made by defineProperty, even non-enumerable', () => {
      const top: Record<string, unknown> = {};
      Object.defineProperty(top, '__proto__', { value: { polluted: true }, enumerable: true });
      expect(decodeArguments(top, opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "__proto__" at the top level',
      });
      const hidden: Record<string, unknown> = {};
      Object.defineProperty(hidden, '__proto__', { value: {} });
      const nested = { a: { b: [hidden] } };
      expect(decodeArguments(nested, opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "__proto__" at /a/b/0',
      });
    });

    it('rejects __proto__ inside double-encoded JSON', () => {
      const raw = JSON.stringify('{"a":{"__proto__":{}}}');
      expect(decodeArguments(raw, opts)).toEqual({
        ok: false,
        message: 'arguments contain the forbidden key "__proto__" at /a',
      });
    });
  });
});

describe('decodeArguments: text that cannot be written as UTF-8', () => {
  it.each([
    ['an escaped lone high surrogate', '{"path":"src/a\\ud800.ts"}', '/path'],
    ['an escaped lone low surrogate', '{"cmd":"echo \\udc00"}', '/cmd'],
    ['a raw lone surrogate in the text', '{"content":"x\ud800y"}', '/content'],
    ['one deep in an array', '{"edits":[{"old_text":"ok","new_text":"\\udfff"}]}', '/edits/0/new_text'],
    ['one in a key', '{"a\\ud800":1}', '/a\ud800'],
  ])('refuses %s, naming where it is', (_label, raw, where) => {
    const r = decodeArguments(raw, opts);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain(`at ${where}:`);
    expect(r.message).toMatch(/lone UTF-16 surrogate \(\\u[0-9a-f]{4}\)/);
  });

  it('refuses a lone surrogate in an object a provider SDK hands over', () => {
    const r = decodeArguments({ path: 'a\ud800' }, opts);
    expect(r.ok).toBe(false);
  });

  it('accepts surrogate pairs, escaped or not', () => {
    const r = decodeArguments('{"a":"😀","b":"\\ud83d\\ude00"}', opts);
    expect(r).toEqual({ ok: true, value: { a: '😀', b: '😀' }, repairs: [] });
    expect(decodeArguments({ a: '😀' }, opts).ok).toBe(true);
  });
});
