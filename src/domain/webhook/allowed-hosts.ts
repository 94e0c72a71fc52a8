import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * `webhook.ALLOWED_HOST_LIST`, as Gitea's hostmatcher reads it: `loopback`, `private` (RFC 1918, RFC 4193),
 * `external` (global unicast addresses that are neither), `*`, CIDRs, and globs of host names. Addresses are
 * checked once resolved, on every connection a delivery makes (redirects too): a name that resolves to a
 * refused address is refused, whatever its name.
 */
export interface HostMatcher {
  /** Whether a connection to `address` (resolved from `host`) is allowed. */
  allows(host: string, address: string): boolean;
}

const ranges = (list: string[]) => {
  const block = new BlockList();
  for (const cidr of list) {
    const [net, bits] = cidr.split('/');
    block.addSubnet(net, Number(bits), isIP(net) === 6 ? 'ipv6' : 'ipv4');
  }
  return block;
};

const LOOPBACK = ranges(['127.0.0.0/8', '::1/128']);
const PRIVATE = ranges(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
/** Neither external nor loopback nor private: link-local (169.254.0.0/16, the cloud metadata address among them), unspecified, multicast, reserved. */
const NOT_GLOBAL = ranges(['0.0.0.0/8', '169.254.0.0/16', '224.0.0.0/3', '100.64.0.0/10', '::/128', 'fe80::/10', 'ff00::/8']);

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address. */
const unmapped = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

const globRegExp = (glob: string) => new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');

export function hostMatcher(setting: string): HostMatcher {
  const items = setting.split(',').map((s) => s.trim()).filter(Boolean);
  const cidrs = items.filter((i) => i.includes('/'));
  const cidrBlock = ranges(cidrs);
  const names = items.filter((i) => !i.includes('/') && !['loopback', 'private', 'external', '*'].includes(i)).map(globRegExp);
  return {
    allows(host, rawAddress) {
      const address = unmapped(rawAddress);
      const kind = family(address);
      if (items.includes('*')) return true;
      if (names.some((re) => re.test(host))) return true;
      if (cidrs.length > 0 && cidrBlock.check(address, kind)) return true;
      const loopback = LOOPBACK.check(address, kind);
      const privateNet = PRIVATE.check(address, kind);
      if (items.includes('loopback') && loopback) return true;
      if (items.includes('private') && privateNet) return true;
      if (items.includes('external') && !loopback && !privateNet && !NOT_GLOBAL.check(address, kind)) return true;
      return false;
    },
  };
}

/** Resolves a host (a name or an address) to the first address the matcher allows; throws when none is allowed. */
export async function resolveAllowed(matcher: HostMatcher, rawHost: string): Promise<string> {
  const host = rawHost.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const allowed = addresses.find((address) => matcher.allows(host, address));
  if (!allowed) throw new Error(`webhook can only call allowed hosts (webhook.ALLOWED_HOST_LIST): ${host} resolves to ${addresses.join(', ')}`);
  return allowed;
}
