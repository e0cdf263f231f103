// The gateway's settings, and what `npm start` reads: the gateway's plus, when UPSTREAM_URL is unset,
// the embedded emulator's. A bad value stops the start with a message naming the variable.
import { UPSTREAM_DEFAULTS } from '../upstream/client.ts';
import { type EmulatorConfig, readEmulatorConfig } from './emulator.ts';
import { ConfigError, type Env, EnvReader } from './env.ts';

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
    problems.push(
      `PORT and EMULATOR_PORT are both ${gateway.port}: the gateway and the embedded emulator need different ports`,
    );
  }
  if (problems.length || !gateway) throw new ConfigError(problems);
  return { gateway, emulator };
}
