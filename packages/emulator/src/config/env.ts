// Reading settings from environment variables: typed readers that collect every problem, so a bad
// start reports all of them at once. Each entry point has its own settings module built on this one.
export type Env = Record<string, string | undefined>;

export const DEFAULT_HOST = '127.0.0.1';

/** Thrown with every problem found; the entry points print `message` and exit with code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads one variable at a time, collecting problems instead of stopping at the first. */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Env) {}

  throwIfInvalid(): void {
    if (this.problems.length) throw new ConfigError(this.problems);
  }

  /** Records a problem that spans several variables. */
  problem(message: string): void {
    this.problems.push(message);
  }

  /** The trimmed value; empty counts as unset. */
  text(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      this.problems.push(`${name}=${JSON.stringify(value)}: must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  }

  /** A decimal number that `problem` accepts (it says what is wrong, or returns undefined). */
  number(name: string, fallback: number, problem: (n: number) => string | undefined): number {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    const bad = Number.isNaN(n) ? 'must be a number' : problem(n);
    if (bad) {
      this.problems.push(`${name}=${JSON.stringify(value)}: ${bad}`);
      return fallback;
    }
    return n;
  }

  /** A TCP port; 0 picks a free one. */
  port(name: string, fallback: number): number {
    return this.integer(name, fallback, 0, 65_535);
  }

  host(name: string): string {
    const value = this.text(name);
    if (value === undefined) return DEFAULT_HOST;
    if (!/^[A-Za-z0-9.:-]+$/.test(value)) {
      this.problems.push(`${name}=${JSON.stringify(value)}: must be a host name or an IP address`);
      return DEFAULT_HOST;
    }
    return value;
  }

  /** An http(s) base URL without credentials, query or fragment; the trailing slash is dropped. */
  url(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      this.problems.push(`${name}: must be an absolute http or https URL`);
      return undefined;
    }
    // The value itself is not echoed: it might carry credentials.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') this.problems.push(`${name}: must use http or https`);
    else if (url.username || url.password)
      this.problems.push(`${name}: must not contain credentials (callers send their own Authorization header)`);
    else if (url.search || url.hash) this.problems.push(`${name}: must not contain a query or a fragment`);
    else return url.href.replace(/\/+$/, '');
    return undefined;
  }

  /** A `redis://` or `rediss://` URL (never echoed: it may carry a password); unset: undefined. */
  redisUrl(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || !/^rediss?:$/.test(url.protocol) || !url.hostname) {
      this.problems.push(`${name}: must be a redis:// or rediss:// URL with a host, e.g. redis://127.0.0.1:6379`);
      return undefined;
    }
    return value;
  }

  /** `*`, or a comma-separated list of origins (`scheme://host[:port]`, no path); unset: undefined. */
  origins(name: string): string[] | '*' | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (value === '*') return '*';
    const origins: string[] = [];
    for (const item of value
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
        this.problems.push(`${name}: ${JSON.stringify(item)} is not an origin such as https://console.example.com`);
      } else origins.push(url.origin);
    }
    return origins;
  }

  /** A token usable in `SSWS <token>`: no whitespace (the value is never echoed). */
  token(name: string, fallback: string): string {
    const value = this.text(name);
    if (value === undefined) return fallback;
    if (!/^[\x21-\x7e]+$/.test(value)) {
      this.problems.push(`${name}: must be printable ASCII without spaces`);
      return fallback;
    }
    return value;
  }

  /** One of `values`, any letter case; the value as written in `values`. */
  choice<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const found = values.find((v) => v.toLowerCase() === value.toLowerCase());
    if (found === undefined)
      this.problems.push(`${name}=${JSON.stringify(value)}: must be one of ${values.join(', ')}`);
    return found ?? fallback;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.text(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    this.problems.push(`${name}=${JSON.stringify(value)}: must be one of 1, true, yes, on, 0, false, no, off`);
    return fallback;
  }
}
