import { describe, expect, it } from 'vitest';
import {
  NetworkConfigError,
  NetworkRefusal,
  resolveNetworkConfig,
} from '../../../src/sandbox/network/index.js';
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

describe('URL checks', () => {
  const { policy, dns } = testClient({}, { 'allowed.test': [PUBLIC], 'evil.test': [PUBLIC] });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
  ])('decodes %s to %s and refuses it', async (url, address) => {
    const error = await refusal(policy.check(url));
    expect(error.reason).toBe('blocked_address');
    expect(error.message).toBe(
      `Refused: ${address} is a loopback address; allow it with network.allowAddresses (for example "${address}:80") if this is intended.`,
    );
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped'],
    ['http://[::7f00:1]/', 'IPv4-compatible'],
    ['http://[64:ff9b::7f00:1]/', 'NAT64'],
    ['http://[2002:7f00:1::]/', '6to4'],
    ['http://[::1]/', undefined],
  ])('refuses the IPv6 loopback form %s', async (url, via) => {
    const error = await refusal(policy.check(url));
    expect(error.reason).toBe('blocked_address');
    expect(error.message).toContain('a loopback address');
    if (via) expect(error.message).toContain(`the ${via} form of 127.0.0.1`);
  });

  it('refuses 0.0.0.0, metadata, private and CGNAT literals', async () => {
    expect((await refusal(policy.check('http://0.0.0.0:8080/'))).message).toContain('unspecified');
    expect((await refusal(policy.check('http://169.254.169.254/latest/meta-data/'))).message).toContain(
      'cloud metadata endpoints are never fetched',
    );
    expect((await refusal(policy.check('http://[fd00:ec2::254]/'))).message).toContain('cloud metadata');
    expect((await refusal(policy.check('http://100.100.100.200/'))).message).toContain('cloud metadata');
    expect((await refusal(policy.check('http://10.0.0.1/'))).message).toContain('private-network');
    expect((await refusal(policy.check('http://100.64.1.1/'))).message).toContain('carrier-grade NAT');
    expect((await refusal(policy.check('http://[fd12::1]/'))).message).toContain('unique-local');
    expect((await refusal(policy.check('http://224.0.0.1/'))).message).toContain('multicast');
  });

  it('treats localhost and localhost. as loopback without asking the resolver', async () => {
    const before = dns.calls.length;
    for (const url of [
      'http://localhost/',
      'http://localhost./',
      'http://LOCALHOST.:3000/',
      'http://app.localhost/',
    ]) {
      const error = await refusal(policy.check(url));
      expect(error.message).toMatch(/resolves to (127\.0\.0\.1|::1), which is a loopback address/);
    }
    expect(dns.calls.length).toBe(before);
  });

  it.each([
    'file:///etc/passwd',
    'gopher://127.0.0.1:70/_GET',
    'data:text/html,<script>x</script>',
    'ftp://example.com/',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the scheme of %s', async (url) => {
    const error = await refusal(policy.check(url));
    expect(error.reason).toBe('scheme');
    expect(error.message).toMatch(/^Refused: only http and https URLs can be fetched \(got [a-z]+:\)\.$/);
  });

  it('refuses userinfo and says where the URL really goes', async () => {
    const error = await refusal(policy.check('http://allowed.test@evil.test/'));
    expect(error.reason).toBe('userinfo');
    expect(error.message).toContain('would go to evil.test, not to the part before "@"');
    expect(error.url).toBe('http://evil.test');
    expect((await refusal(policy.check('https://user:pw@allowed.test/'))).reason).toBe('userinfo');
  });

  it('rejects what is not a URL', async () => {
    expect((await refusal(policy.check('not a url'))).reason).toBe('invalid_url');
    expect((await refusal(policy.check('/relative/path'))).reason).toBe('invalid_url');
  });

  it('accepts a public host and pins the address it resolved to', async () => {
    const checked = await policy.check('https://Allowed.Test./page#frag');
    expect(checked.host).toBe('allowed.test');
    expect(checked.href).toBe('https://allowed.test/page');
    expect(checked.pinned).toEqual({ address: PUBLIC, family: 4 });
  });
});

describe('DNS answers', () => {
  it('refuses a name when any answer is private (rebinding with mixed answers)', async () => {
    const { policy } = testClient({}, { 'rebind.test': [PUBLIC, '127.0.0.1'], 'inner.test': ['10.1.2.3'] });
    const error = await refusal(policy.check('http://rebind.test/'));
    expect(error.message).toBe(
      'Refused: rebind.test resolves to 127.0.0.1, which is a loopback address; allow it with network.allowAddresses (for example "127.0.0.1:80") if this is intended.',
    );
    expect((await refusal(policy.check('http://inner.test/'))).message).toContain(
      '10.1.2.3, which is a private-network address',
    );
  });

  it('refuses IPv6 answers that carry private IPv4 addresses', async () => {
    const { policy } = testClient(
      {},
      { 'mapped.test': ['::ffff:169.254.169.254'], 'nat64.test': ['64:ff9b::a00:1'] },
    );
    expect((await refusal(policy.check('http://mapped.test/'))).message).toContain('cloud metadata');
    expect((await refusal(policy.check('http://nat64.test/'))).message).toContain(
      'the NAT64 form of 10.0.0.1',
    );
  });

  it('reports names that do not resolve', async () => {
    const { policy } = testClient({}, {});
    const error = await refusal(policy.check('http://nowhere.test/'));
    expect(error.reason).toBe('resolve_failed');
    expect(error.message).toContain('ENOTFOUND');
  });

  it('opens exactly the allowed address and port', async () => {
    const { policy } = testClient(
      { allowAddresses: ['127.0.0.1:3000', '10.0.0.0/8'] },
      { 'dev.test': ['127.0.0.1'] },
    );
    expect((await policy.check('http://dev.test:3000/')).pinned.address).toBe('127.0.0.1');
    expect((await policy.check('http://localhost:3000/')).pinned.address).toBe('127.0.0.1');
    expect((await policy.check('http://[::ffff:127.0.0.1]:3000/')).pinned.address).toBe('::ffff:7f00:1');
    expect((await refusal(policy.check('http://127.0.0.1:3001/'))).reason).toBe('blocked_address');
    expect((await policy.check('http://10.9.9.9/')).pinned.address).toBe('10.9.9.9');
    expect((await refusal(policy.check('http://169.254.169.254/'))).reason).toBe('blocked_address');
  });
});

describe('modes and host patterns', () => {
  const table = {
    'allowed.test': [PUBLIC],
    'sub.allowed.test': [PUBLIC],
    'allowed.test.evil.test': [PUBLIC],
    'evilallowed.test': [PUBLIC],
    'docs.example.org': [PUBLIC],
    'example.org': [PUBLIC],
    'xn--bcher-kva.example': [PUBLIC],
    'bad.example.org': [PUBLIC],
  };

  it('restricted mode allows exact hosts only, never lookalikes', async () => {
    const { policy } = testClient({ mode: 'restricted', allow: ['allowed.test'] }, table);
    await expect(policy.check('https://allowed.test/x')).resolves.toBeTruthy();
    await expect(policy.check('https://ALLOWED.test./x')).resolves.toBeTruthy();
    for (const url of [
      'https://allowed.test.evil.test/',
      'https://evilallowed.test/',
      'https://sub.allowed.test/',
      'https://allowed.test@evil.test/',
    ]) {
      const error = await refusal(policy.check(url));
      expect(['not_allowed', 'userinfo']).toContain(error.reason);
    }
    const error = await refusal(policy.check('https://evilallowed.test/'));
    expect(error.message).toBe(
      "Refused: evilallowed.test:443 is not on the network allowlist (network.mode is 'restricted'; allowed: allowed.test).",
    );
  });

  it('wildcards match on a label boundary, ports when given, IDNA names in either spelling', async () => {
    const { policy } = testClient(
      { mode: 'restricted', allow: ['*.example.org:443', 'bücher.example'] },
      table,
    );
    await expect(policy.check('https://docs.example.org/')).resolves.toBeTruthy();
    expect((await refusal(policy.check('https://example.org/'))).reason).toBe('not_allowed');
    expect((await refusal(policy.check('http://docs.example.org/'))).reason).toBe('not_allowed');
    expect((await refusal(policy.check('https://docs.example.org:8443/'))).reason).toBe('not_allowed');
    await expect(policy.check('https://BÜCHER.example/')).resolves.toMatchObject({
      host: 'xn--bcher-kva.example',
    });
    await expect(policy.check('https://xn--bcher-kva.example/')).resolves.toBeTruthy();
  });

  it('deny wins over allow, in every mode', async () => {
    const restricted = testClient(
      { mode: 'restricted', allow: ['*.example.org'], deny: ['bad.example.org'] },
      table,
    );
    expect((await refusal(restricted.policy.check('https://bad.example.org/'))).message).toBe(
      'Refused: bad.example.org is on the network deny list (network.deny "bad.example.org").',
    );
    const enabled = testClient({ deny: ['*.example.org'] }, table);
    expect((await refusal(enabled.policy.check('https://docs.example.org/'))).reason).toBe('denied');
    await expect(enabled.policy.check('https://example.org/')).resolves.toBeTruthy();
  });

  it('disabled mode refuses everything, before DNS', async () => {
    const { policy, dns } = testClient({ mode: 'disabled' }, table);
    expect((await refusal(policy.check('https://allowed.test/'))).reason).toBe('disabled');
    expect(dns.calls).toEqual([]);
  });

  it('an allowlisted host that resolves to a private address is still refused', async () => {
    const { policy } = testClient(
      { mode: 'restricted', allow: ['intranet.test'] },
      { 'intranet.test': ['192.168.1.10'] },
    );
    expect((await refusal(policy.check('https://intranet.test/'))).reason).toBe('blocked_address');
  });
});

describe('configuration', () => {
  it('names every wrong entry', () => {
    let error: NetworkConfigError | undefined;
    try {
      resolveNetworkConfig({
        mode: 'open' as never,
        allow: ['https://example.com/', 'ok.test', 'foo.*.test', 'a.test:0'],
        allowAddresses: ['localhost:3000', '127.0.0.1:3000'],
        maxBytes: -1,
        alow: [],
      } as never);
    } catch (e) {
      error = e as NetworkConfigError;
    }
    expect(error).toBeInstanceOf(NetworkConfigError);
    expect(error!.problems).toEqual([
      'network.alow is not an option (known: mode, allow, deny, allowAddresses, maxBytes, timeoutMs, idleTimeoutMs, maxRedirects, maxHeaderBytes, userAgent, commands, resolver, connector)',
      "network.mode must be 'disabled', 'enabled' or 'restricted' (got \"open\")",
      'network.allow[0] "https://example.com/": a pattern is a host with an optional port, not a URL (write "example.com" or "*.example.com:8443")',
      'network.allow[2] "foo.*.test": "*" is allowed only as the whole first label ("*.example.com")',
      'network.allow[3] "a.test:0": the port must be 1-65535',
      'network.allowAddresses[0] "localhost:3000": use an address, not a name (127.0.0.1 or ::1 for localhost)',
      'network.maxBytes must be an integer ≥ 1 (got -1)',
    ]);
  });

  it('has the documented defaults', () => {
    const s = resolveNetworkConfig(undefined);
    expect(s).toMatchObject({
      mode: 'enabled',
      maxBytes: 10 * 1024 * 1024,
      timeoutMs: 30_000,
      maxRedirects: 5,
    });
  });
});
