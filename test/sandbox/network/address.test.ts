import { describe, expect, it } from 'vitest';
import { classifyAddress, parseAddressRule, ruleAllows } from '../../../src/sandbox/network/index.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback', undefined],
    ['127.255.255.254', 'loopback', undefined],
    ['::1', 'loopback', undefined],
    ['::ffff:127.0.0.1', 'loopback', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback', 'IPv4-mapped'],
    ['::7f00:1', 'loopback', 'IPv4-compatible'],
    ['::127.0.0.1', 'loopback', 'IPv4-compatible'],
    ['::ffff:0:7f00:1', 'loopback', 'IPv4-translated'],
    ['64:ff9b::7f00:1', 'loopback', 'NAT64'],
    ['64:ff9b::a9fe:a9fe', 'cloud_metadata', 'NAT64'],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:a00:1::1', 'private', '6to4'],
    ['0.0.0.0', 'unspecified', undefined],
    ['::', 'unspecified', undefined],
    ['10.1.2.3', 'private', undefined],
    ['172.16.0.1', 'private', undefined],
    ['192.168.1.1', 'private', undefined],
    ['169.254.169.254', 'cloud_metadata', undefined],
    ['::ffff:169.254.169.254', 'cloud_metadata', 'IPv4-mapped'],
    ['169.254.1.1', 'link_local', undefined],
    ['fe80::1', 'link_local', undefined],
    ['fe80::1%eth0', 'link_local', undefined],
    ['fd00:ec2::254', 'cloud_metadata', undefined],
    ['100.100.100.200', 'cloud_metadata', undefined],
    ['168.63.129.16', 'cloud_metadata', undefined],
    ['100.64.0.1', 'cgnat', undefined],
    ['fc00::1', 'unique_local', undefined],
    ['fd12:3456::1', 'unique_local', undefined],
    ['224.0.0.1', 'multicast', undefined],
    ['ff02::1', 'multicast', undefined],
    ['255.255.255.255', 'broadcast', undefined],
    ['240.0.0.1', 'reserved', undefined],
    ['192.0.2.1', 'reserved', undefined],
    ['2001:db8::1', 'reserved', undefined],
    ['fec0::1', 'private', undefined],
    ['4000::1', 'reserved', undefined],
    ['64:ff9b:1::808:808', 'reserved', 'NAT64'],
    // Teredo: server 65.54.227.120, client ~(f7f7:f7f7) = 8.8.8.8 is public; a loopback client is refused.
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'public', 'Teredo client'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', 'Teredo client'],
    ['2001:0:7f00:1::', 'loopback', 'Teredo server'],
  ])('%s is %s', (address, category, via) => {
    const info = classifyAddress(address);
    expect(info.category).toBe(category);
    expect(info.embedded?.via).toBe(via);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address).category).toBe('public');
  });
});

describe('allowAddresses rules', () => {
  it('parses addresses, CIDR blocks and ports', () => {
    expect(parseAddressRule('127.0.0.1:3000')).toMatchObject({ prefix: 32, port: 3000, exact: true });
    expect(parseAddressRule('[::1]:8080')).toMatchObject({ prefix: 128, port: 8080 });
    expect(parseAddressRule('::1')).toMatchObject({ prefix: 128 });
    expect(parseAddressRule('10.0.0.0/8')).toMatchObject({ prefix: 8, exact: false });
    expect(parseAddressRule('[fd00::/8]:443')).toMatchObject({ prefix: 8, port: 443 });
  });

  it('explains bad entries', () => {
    expect(parseAddressRule('localhost:3000')).toMatch(/not a name/);
    expect(parseAddressRule('127.0.0.1:99999')).toMatch(/port/);
    expect(parseAddressRule('10.0.0.0/33')).toMatch(/prefix/);
    expect(parseAddressRule('example.com')).toMatch(/expected an IP address/);
  });

  it('matches the IPv4 form of mapped addresses, the port, and opens metadata only by exact entry', () => {
    const rule = parseAddressRule('127.0.0.1:3000');
    if (typeof rule === 'string') throw new Error(rule);
    expect(ruleAllows(rule, classifyAddress('::ffff:127.0.0.1'), 3000)).toBe(true);
    expect(ruleAllows(rule, classifyAddress('127.0.0.1'), 3001)).toBe(false);
    expect(ruleAllows(rule, classifyAddress('127.0.0.2'), 3000)).toBe(false);
    const range = parseAddressRule('169.254.0.0/16');
    if (typeof range === 'string') throw new Error(range);
    expect(ruleAllows(range, classifyAddress('169.254.1.1'), 80)).toBe(true);
    expect(ruleAllows(range, classifyAddress('169.254.169.254'), 80)).toBe(false);
  });
});
