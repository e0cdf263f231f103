// The emulator's settings (`npm run emulator`, and the embedded emulator of `npm start`).
import type { Engine } from '../emulator/policyTypes/registry.ts';
import { type Env, EnvReader } from './env.ts';

export interface EmulatorConfig {
  port: number;
  host: string;
  token: string;
  engine: Engine;
  fixturePath?: string;
  statePath?: string;
  /** Requests per minute before 429; 0 turns the limit off. */
  rateLimitPerMinute: number;
  admin: boolean;
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
