// Review: allow/deny entries written as IP addresses must mean the address, whatever spelling the URL uses,
// and an allowAddresses entry opens the address itself, not every IPv6 form that merely embeds it.
import { describe, expect, it } from 'vitest';
import { NetworkRefusal } from '../../../src/sandbox/network/index.js';
import { testClient } from './helpers.js';

const PUBLIC = '93.184.216.34';

async function refusal(promise: Promise<unknown>): Promise<NetworkRefusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetworkRefusal);
  return error as NetworkRefusal;
}

describe('IP literals in allow/deny', () => {
  it('a deny entry with a non-canonical IPv6 spelling still denies the address', async () => {
    const { policy } = testClient({ deny: ['[2001:4860:0000::0068]'] });
    const error = await refusal(policy.check('http://[2001:4860::68]/'));
    expect(error.reason).toBe('denied');
  });

  it('a denied IPv4 address cannot be reached through its IPv4-mapped IPv6 literal', async () => {
    const { policy } = testClient({ deny: [PUBLIC] });
    expect((await refusal(policy.check(`http://${PUBLIC}/`))).reason).toBe('denied');
    expect((await refusal(policy.check(`http://[::ffff:${PUBLIC}]/`))).reason).toBe('denied');
  });

  it('an IPv6 allow entry in restricted mode matches however the URL spells it', async () => {
    const { policy } = testClient({ mode: 'restricted', allow: ['[2001:4860:0:0::68]:443'] });
    const target = await policy.check('https://[2001:4860::68]/');
    expect(target.pinned.address).toBe('2001:4860::68');
  });
});

describe('allowAddresses and embedded IPv4', () => {
  it.each([
    ['6to4', 'http://[2002:7f00:1::]:3000/'],
    ['6to4, another host in the /48', 'http://[2002:7f00:1:99::1]:3000/'],
    ['NAT64', 'http://[64:ff9b::7f00:1]:3000/'],
    ['IPv4-compatible', 'http://[::7f00:1]:3000/'],
  ])('127.0.0.1:3000 does not open its %s form', async (_form, url) => {
    const { policy } = testClient({ allowAddresses: ['127.0.0.1:3000'] });
    expect((await refusal(policy.check(url))).reason).toBe('blocked_address');
  });

  it('127.0.0.1:3000 still opens ::ffff:127.0.0.1 (the same socket address)', async () => {
    const { policy } = testClient({ allowAddresses: ['127.0.0.1:3000'] });
    const target = await policy.check('http://[::ffff:127.0.0.1]:3000/');
    expect(target.pinned.address).toBe('::ffff:7f00:1');
  });
});
