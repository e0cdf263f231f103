// A setting kind the gateway needs and the emulator does not: the host names the gateway answers
// to (ALLOWED_HOSTS). Each entry is checked here; src/gateway/hostHeader.ts matches a request's Host.
import { type EnvReader, Setting, type SettingBasics } from './env.ts';

/** A name (`gateway.example.com`), a domain with its subdomains (`.example.com`), an IPv4 address or an IPv6 one in brackets. */
const HOST_ENTRY = /^(?:\.?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

export function hostList({ env, doc }: SettingBasics): Setting<string[] | '*' | undefined> {
  return new Setting<string[] | '*' | undefined>({
    env,
    default: undefined,
    range:
      '`*`, or a comma-separated list of host names without a port (`gateway.example.com`; `.example.com` for the domain and its subdomains; `[::1]` for an IPv6 address)',
    doc,
    read: (r: EnvReader) => {
      const value = r.text(env);
      if (value === undefined) return undefined;
      if (value.trim() === '*') return '*';
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
      const bad = entries.filter((entry) => !HOST_ENTRY.test(entry));
      for (const entry of bad) {
        r.problem(
          `${env}: ${JSON.stringify(entry)} is not a host name (without a port), a domain such as .example.com, or *`,
        );
      }
      return entries.filter((entry) => HOST_ENTRY.test(entry));
    },
    shownDefault: 'loopback names with the embedded emulator, else any',
  });
}
