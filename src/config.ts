// Every setting of the gateway and the emulator, read from environment variables, typed and
// validated in one place. A bad value stops the start with a message naming the variable; all
// problems are reported at once.
import { UPSTREAM_DEFAULTS } from './upstream/client.ts';

export type Env = Record<string, string | undefined>;

export interface GatewayConfig {
  port: number;
  host: string;
  /** The REST services; undefined means: start the embedded emulator and use it. */
  upstreamUrl: string | undefined;
  upstream: {
    connections: number;
    connectTimeoutMs: number;
    headersTimeoutMs: number;
    bodyTimeoutMs: number;
  };
}

export interface EmulatorConfig {
  port: number;
  host: string;
  token: string;
  engine: 'IE' | 'CLASSIC';
  fixturePath?: string;
  statePath?: string;
  /** Requests per minute before 429; 0 turns the limit off. */
  rateLimitPerMinute: number;
  admin: boolean;
}

export const DEFAULT_HOST = '127.0.0.1';

/** Thrown with every problem found; the entry points print `message` and exit with code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function readGatewayConfig(env: Env): GatewayConfig {
  const r = new EnvReader(env);
  const config: GatewayConfig = {
    port: r.port('PORT', 4000),
    host: r.host('HOST'),
    upstreamUrl: r.url('UPSTREAM_URL'),
    upstream: {
      connections: r.integer('UPSTREAM_CONNECTIONS', UPSTREAM_DEFAULTS.connections, 1, 1024),
      connectTimeoutMs: r.integer('UPSTREAM_CONNECT_TIMEOUT_MS', UPSTREAM_DEFAULTS.connectTimeoutMs, 1, 600_000),
      headersTimeoutMs: r.integer('UPSTREAM_HEADERS_TIMEOUT_MS', UPSTREAM_DEFAULTS.headersTimeoutMs, 1, 600_000),
      bodyTimeoutMs: r.integer('UPSTREAM_BODY_TIMEOUT_MS', UPSTREAM_DEFAULTS.bodyTimeoutMs, 1, 600_000),
    },
  };
  r.throwIfInvalid();
  return config;
}

export function readEmulatorConfig(env: Env): EmulatorConfig {
  const r = new EnvReader(env);
  const config: EmulatorConfig = {
    port: r.port('EMULATOR_PORT', 4001),
    host: r.host('EMULATOR_HOST'),
    token: r.token('EMULATOR_TOKEN', 'dev-token'),
    engine: r.engine('EMULATOR_ENGINE'),
    fixturePath: r.text('EMULATOR_FIXTURE'),
    statePath: r.text('EMULATOR_STATE'),
    rateLimitPerMinute: r.integer('EMULATOR_RATE_LIMIT', 0, 0, 1_000_000),
    admin: r.boolean('EMULATOR_ADMIN', true),
  };
  r.throwIfInvalid();
  return config;
}

/**
 * What `npm start` needs: the gateway settings and, when UPSTREAM_URL is unset, the embedded
 * emulator's. Problems of both are reported together.
 */
export function readStartConfig(env: Env): { gateway: GatewayConfig; emulator: EmulatorConfig | undefined } {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      problems.push(...e.problems);
      return undefined;
    }
  };
  const gateway = attempt(() => readGatewayConfig(env));
  const emulator = env.UPSTREAM_URL?.trim() ? undefined : attempt(() => readEmulatorConfig(env));
  if (gateway && emulator && gateway.port !== 0 && gateway.port === emulator.port && gateway.host === emulator.host) {
    problems.push(`PORT and EMULATOR_PORT are both ${gateway.port}: the gateway and the embedded emulator need different ports`);
  }
  if (problems.length || !gateway) throw new ConfigError(problems);
  return { gateway, emulator };
}

/** Reads one variable at a time, collecting problems instead of stopping at the first. */
class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Env) {}

  throwIfInvalid(): void {
    if (this.problems.length) throw new ConfigError(this.problems);
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
    else if (url.username || url.password) this.problems.push(`${name}: must not contain credentials (callers send their own Authorization header)`);
    else if (url.search || url.hash) this.problems.push(`${name}: must not contain a query or a fragment`);
    else return url.href.replace(/\/+$/, '');
    return undefined;
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

  engine(name: string): 'IE' | 'CLASSIC' {
    const value = this.text(name);
    if (value === undefined) return 'IE';
    const upper = value.toUpperCase();
    if (upper === 'IE' || upper === 'CLASSIC') return upper;
    this.problems.push(`${name}=${JSON.stringify(value)}: must be IE or CLASSIC`);
    return 'IE';
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
