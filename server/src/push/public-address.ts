import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges that are no address on the public internet (IANA's special-purpose registry):
 * this network, private networks, shared address space (carrier NAT), loopback, link-local
 * (cloud metadata services live at 169.254.169.254), IETF protocol assignments, documentation,
 * the old 6to4 relay, benchmarking, multicast, reserved and broadcast.
 */
const notPublicV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * Within IPv6's global unicast block, the ranges that are not ordinary public addresses:
 * IETF protocol assignments (Teredo among them, which carries an IPv4 address), documentation
 * (old and new) and 6to4 (an IPv4 address inside). Everything outside 2000::/3 (unspecified,
 * loopback, NAT64, discard, unique local, link-local, multicast) is refused as a whole.
 */
const notPublicV6: [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const notPublic = new BlockList();
for (const [network, prefix] of notPublicV4) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of notPublicV6) notPublic.addSubnet(network, prefix, 'ipv6');

const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether an address is one of the public internet's, where push services are. Anything else
 * (this machine, the clinic's network, a cloud's metadata service, multicast) is no push
 * service, whatever a name resolved to. An IPv4 address written as IPv6 (`::ffff:127.0.0.1`)
 * is judged as the IPv4 address it is: the rules for IPv4 also match it.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  if (notPublic.check(address, 'ipv6')) return false;
  return ipv4Mapped.check(address, 'ipv6') || globalUnicast.check(address, 'ipv6');
}

/** Whether an address is this machine's own loopback (127.0.0.0/8, ::1, or IPv4's as IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
