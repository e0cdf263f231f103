// IP addresses and zone gateways (CIDR blocks and address ranges), IPv4 and IPv6, as numbers so
// that "is this address in this zone" is two comparisons.
import { isIP } from 'node:net';
import type { ZoneGateway } from './fixture.ts';

export interface AddressRange {
  version: 4 | 6;
  from: bigint;
  to: bigint;
}

export function parseIp(text: string): { version: 4 | 6; value: bigint } | undefined {
  const version = isIP(text);
  if (version === 4) {
    return { version, value: text.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n) };
  }
  if (version === 6) {
    let t = text;
    const v4tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(t);
    if (v4tail) {
      const v = parseIp(v4tail[1])!.value;
      t = `${t.slice(0, -v4tail[1].length)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
    }
    const [head, tail] = t.includes('::') ? t.split('::') : [t, undefined];
    const h = head ? head.split(':') : [];
    const tl = tail !== undefined && tail !== '' ? tail.split(':') : [];
    const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - tl.length).fill('0'), ...tl];
    return { version, value: groups.reduce((acc, g) => (acc << 16n) + BigInt(parseInt(g || '0', 16)), 0n) };
  }
  return undefined;
}

export function parseGateway(g: ZoneGateway): AddressRange | undefined {
  if (g.type === 'CIDR') {
    const [addr, bitsText, extra] = g.value.split('/');
    const ip = parseIp(addr ?? '');
    const width = ip?.version === 4 ? 32 : 128;
    if (!ip || extra !== undefined || !/^\d+$/.test(bitsText ?? '')) return undefined;
    const bits = Number(bitsText);
    if (bits > width) return undefined;
    const hostBits = BigInt(width - bits);
    const from = (ip.value >> hostBits) << hostBits;
    return { version: ip.version, from, to: from + (1n << hostBits) - 1n };
  }
  const [a, b, extra] = g.value.split('-');
  const from = parseIp(a ?? '');
  const to = parseIp(b ?? a ?? '');
  if (!from || !to || extra !== undefined || from.version !== to.version || from.value > to.value) return undefined;
  return { version: from.version, from: from.value, to: to.value };
}

export function ipInGateways(ip: string, gateways: ZoneGateway[]): boolean {
  const addr = parseIp(ip);
  if (!addr) return false;
  return gateways.some((g) => {
    const r = parseGateway(g);
    return r !== undefined && r.version === addr.version && addr.value >= r.from && addr.value <= r.to;
  });
}
