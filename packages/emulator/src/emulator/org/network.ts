// IP addresses and zone gateways (CIDR blocks and address ranges), matched with Node's
// net.BlockList: IPv4, IPv6, and IPv4-mapped IPv6 addresses (`::ffff:10.1.2.3` is in 10.0.0.0/8).
import { BlockList, isIP } from 'node:net';
import type { ZoneGateway } from './fixture.ts';

export type IpFamily = 'ipv4' | 'ipv6';

/** The family of an IP address, or undefined when the text is not one. */
export function ipFamily(text: string): IpFamily | undefined {
  const version = isIP(text);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/**
 * Adds one gateway to `list`. Returns why the gateway is not a valid CIDR block or `from-to` range
 * (and adds nothing), or undefined when it was added.
 */
function addGateway(list: BlockList, g: ZoneGateway): string | undefined {
  if (g.type === 'CIDR') {
    const [address = '', prefixText = '', extra] = g.value.split('/');
    const family = ipFamily(address);
    if (!family || extra !== undefined) return 'must be an IPv4 or IPv6 address, a slash and a prefix length';
    const maxPrefix = family === 'ipv4' ? 32 : 128;
    if (!/^\d+$/.test(prefixText) || Number(prefixText) > maxPrefix)
      return `the prefix length must be an integer from 0 to ${maxPrefix}`;
    list.addSubnet(address, Number(prefixText), family);
    return undefined;
  }
  const [from = '', to = '', extra] = g.value.split('-');
  const family = ipFamily(from);
  if (!family || ipFamily(to) !== family || extra !== undefined)
    return 'must be two addresses of the same family joined by a dash';
  // BlockList refuses a range whose start comes after its end; that is the only failure left here.
  try {
    list.addRange(from, to, family);
  } catch {
    return 'the first address must not come after the second';
  }
  return undefined;
}

/** Why `g` is not a valid gateway, or undefined when it is one (fixture validation). */
export function gatewayProblem(g: ZoneGateway): string | undefined {
  return addGateway(new BlockList(), g);
}

/** Whether `ip` lies in one of the gateways (invalid gateways match nothing). */
export function ipInGateways(ip: string, gateways: readonly ZoneGateway[]): boolean {
  const family = ipFamily(ip);
  if (!family) return false;
  const list = new BlockList();
  for (const g of gateways) addGateway(list, g);
  return list.check(ip, family);
}
