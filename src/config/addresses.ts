// A setting kind the gateway needs and the emulator does not: a list of IP addresses and CIDR
// ranges (TRUSTED_PROXIES). Each entry is checked here; src/gateway/clientAddress.ts matches them.
import { isIP } from 'node:net';
import { type EnvReader, Setting, type SettingBasics } from './env.ts';

/** `address` or `address/prefix`, with the prefix in range for the address's family. */
export function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function addressList({ env, doc }: SettingBasics): Setting<string[]> {
  return new Setting<string[]>({
    env,
    default: [],
    range: 'a comma-separated list of IP addresses and CIDR ranges',
    doc,
    read: (r: EnvReader) => {
      const entries = (r.text(env) ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isAddressOrRange(entry));
      for (const entry of bad)
        r.problem(`${env}: ${JSON.stringify(entry)} is not an IP address or a CIDR range such as 10.0.0.0/8`);
      return entries.filter((entry) => isAddressOrRange(entry));
    },
    shownDefault: 'none',
  });
}
