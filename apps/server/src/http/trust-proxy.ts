import { BlockList, isIPv4 } from 'node:net';
import type { TrustProxy } from '../env';

/** Loopback, link-local and private networks: where a reverse proxy of ours connects from. */
const localNetworks = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  localNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  localNetworks.addSubnet(network, prefix, 'ipv6');
}

export function isLocalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  try {
    return localNetworks.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * Fastify's `trustProxy` for the configured proxies. Fastify walks X-Forwarded-For from the
 * socket's peer (hop 0) towards the client and stops at the first address it does not trust: only
 * what the trusted proxies appended counts, so a client that prepends addresses gains nothing.
 * Fastify refuses a bare hop count (it cannot check the peer), hence the function.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return (address, hop) => hop < hops && (hop > 0 || isLocalAddress(address));
}
