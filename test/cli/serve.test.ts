// `handrail serve` options on their own.
import { describe, expect, it } from 'vitest';
import { parseBind } from '../../src/cli/serve.js';
import { UsageError } from '../../src/cli/style.js';

describe('--http HOST:PORT', () => {
  it('parses hosts, IPv6 and bare ports, and refuses the rest with a hint', () => {
    expect(parseBind('127.0.0.1:7777')).toEqual({ host: '127.0.0.1', port: 7777 });
    expect(parseBind('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseBind('7777')).toEqual({ host: '127.0.0.1', port: 7777 });
    expect(parseBind(':0')).toEqual({ host: '127.0.0.1', port: 0 });
    for (const bad of ['localhost', '127.0.0.1:99999', 'a:b', '']) {
      expect(() => parseBind(bad), bad).toThrow(UsageError);
    }
  });
});
