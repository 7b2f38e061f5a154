// The HTTP guard on its own: loopback hosts, token comparison, and the checks on every request.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequest, isLoopbackHost, tokenMatches } from '../../src/server/http-guard.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('HTTP guard', () => {
  it('knows loopback names and addresses, including IPv4-mapped IPv6', () => {
    for (const host of [
      '127.0.0.1',
      '127.9.9.9',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '10.0.0.1', '::', 'example.com', '127.0.0.1.nip.io', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('compares tokens exactly, whatever their lengths', () => {
    expect(tokenMatches('s3cret', 's3cret')).toBe(true);
    expect(tokenMatches('s3cre', 's3cret')).toBe(false);
    expect(tokenMatches('s3cret ', 's3cret')).toBe(false);
    expect(tokenMatches('', 's3cret')).toBe(false);
  });

  it('checks the token on every request and Host/Origin on loopback', () => {
    const opts = { token: 'tok', loopback: false };
    expect(checkRequest(request({}), opts)?.status).toBe(401);
    expect(checkRequest(request({ authorization: 'Bearer nope' }), opts)?.status).toBe(401);
    expect(checkRequest(request({ authorization: 'Bearer tok' }), opts)).toBeUndefined();
    const local = { loopback: true };
    expect(checkRequest(request({ host: '127.0.0.1:7777' }), local)).toBeUndefined();
    expect(
      checkRequest(request({ host: 'localhost:7777', origin: 'http://localhost:3000' }), local),
    ).toBeUndefined();
    expect(checkRequest(request({ host: 'attacker.example:7777' }), local)?.status).toBe(403);
    expect(
      checkRequest(request({ host: '127.0.0.1:7777', origin: 'https://attacker.example' }), local)?.status,
    ).toBe(403);
    expect(checkRequest(request({ host: '127.0.0.1:7777', origin: 'null' }), local)?.status).toBe(403);
    expect(checkRequest(request({}), local)?.status).toBe(403);
  });
});
