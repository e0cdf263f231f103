// The gateway's settings, and what `npm start` reads: the gateway's plus, when UPSTREAM_URL is unset,
// the embedded emulator's. A bad value stops the start with a message naming the variable. The
// variables themselves are the table in settings.ts.
import { EMULATOR_SETTINGS, type EmulatorConfig, readEmulatorConfig } from './emulator.ts';
import { ConfigError, type Env, EnvReader, readSettings, type Setting, settingsOf } from './env.ts';
import { GATEWAY_DEFAULTS, GATEWAY_SETTINGS, type GatewayConfig } from './settings.ts';

export * from './settings.ts';

export const HTTP_DEFAULTS = GATEWAY_DEFAULTS.http;

/** Every setting `npm start` reads: the gateway's, then the embedded emulator's. */
export const START_SETTINGS: readonly Setting<unknown>[] = [
  ...settingsOf(GATEWAY_SETTINGS),
  ...settingsOf(EMULATOR_SETTINGS),
];

export function readGatewayConfig(env: Env): GatewayConfig {
  const r = new EnvReader(env);
  const config = readSettings(GATEWAY_SETTINGS, r);
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
