import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    ['an IPv4 address of a push service', '142.250.183.10'],
    ['another public IPv4 address', '8.8.8.8'],
    ['just outside 172.16.0.0/12', '172.32.0.1'],
    ['just outside 100.64.0.0/10', '100.128.0.1'],
    ['just below multicast', '223.255.255.255'],
    ['an IPv6 address of a push service', '2a00:1450:4001:82b::200a'],
    ['another public IPv6 address', '2606:4700::6810:84e5'],
    ['a public IPv4 address written as IPv6', '::ffff:8.8.8.8'],
  ])('takes %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['anywhere in 127.0.0.0/8', '127.255.0.7'],
    ['the unspecified IPv4 address', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['a private network (10/8)', '10.0.0.5'],
    ['a private network (172.16/12)', '172.31.255.254'],
    ['a private network (192.168/16)', '192.168.1.1'],
    ['shared address space', '100.64.0.1'],
    ['link-local, where cloud metadata lives', '169.254.169.254'],
    ['IETF protocol assignments', '192.0.0.8'],
    ['documentation (TEST-NET-1)', '192.0.2.1'],
    ['documentation (TEST-NET-2)', '198.51.100.7'],
    ['documentation (TEST-NET-3)', '203.0.113.9'],
    ['the old 6to4 relay', '192.88.99.1'],
    ['benchmarking', '198.18.0.1'],
    ['IPv4 multicast', '224.0.0.251'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['the unspecified IPv6 address', '::'],
    ['IPv4 loopback written as IPv6', '::ffff:127.0.0.1'],
    ['IPv4 loopback written as IPv6 in hex', '::ffff:7f00:1'],
    ['a private IPv4 address written as IPv6', '::ffff:10.0.0.1'],
    ['link-local IPv4 written as IPv6', '::ffff:169.254.169.254'],
    ['IPv4 loopback written as IPv6 in full', '0:0:0:0:0:ffff:7f00:0001'],
    ['the old IPv4-compatible form', '::127.0.0.1'],
    ['NAT64', '64:ff9b::a00:1'],
    ['unique local', 'fd12:3456:789a::1'],
    ['unique local (fc00::/8)', 'fc00::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['the old site-local', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['discard-only', '100::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['the new IPv6 documentation range', '3fff::1'],
    ['6to4, which carries an IPv4 address', '2002:7f00:1::1'],
    ['no address at all', 'localhost'],
    ['an empty string', ''],
    ['a decimal IPv4 number', '2130706433'],
  ])('refuses %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('knows %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['10.0.0.1', '8.8.8.8', '::', 'fe80::1', 'localhost'])('is not %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
