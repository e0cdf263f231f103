// The emulator's settings (`policy-emulator`, and the embedded emulator of the gateway's `npm start`):
// one table of EMULATOR_* variables. The emulator's modules take their defaults from here
// (`EMULATOR_DEFAULTS`); this module, like all of config/, imports nothing of the emulator.
import { FAULT_LIMITS, type FaultSettings, faultProblem, NO_FAULTS } from './faults.ts';
import { type Env, EnvReader } from './env.ts';
import { parseSigningKey } from './signingKey.ts';
import {
  boolean,
  decimal,
  defaultsOf,
  host,
  integer,
  port,
  readSettings,
  Setting,
  type SettingBasics,
  type SettingValues,
  text,
  token,
} from './setting.ts';

const ENGINES = ['IE', 'CLASSIC'] as const;

/** The bounds of the request journal's settings (also checked for `startEmulator`'s options). */
export const JOURNAL_LIMITS = {
  journalCap: { min: 1, max: 1_000_000 },
  // Far below the largest string V8 makes (512 MiB), so the journal can always be answered.
  journalBytes: { min: 64 * 1024, max: 256 * 1024 * 1024 },
  // Not above the API's own body limit (1 MiB): a larger body is refused before the journal sees it.
  journalBodyBytes: { min: 0, max: 1024 * 1024 },
} as const;

/** A bound of the request journal, within JOURNAL_LIMITS. */
function journalBound({
  key,
  env,
  default: fallback,
  doc,
}: SettingBasics & { key: keyof typeof JOURNAL_LIMITS; default: number }): Setting<number> {
  const { min, max } = JOURNAL_LIMITS[key];
  return integer({ env, default: fallback, min, max, doc });
}

/** `IE` or `CLASSIC`, any letter case. */
function engine({ env, doc }: SettingBasics): Setting<(typeof ENGINES)[number]> {
  return new Setting<(typeof ENGINES)[number]>({
    env,
    default: 'IE',
    range: '`IE` or `CLASSIC` (any letter case)',
    doc,
    read: (r) => {
      const value = r.text(env);
      if (value === undefined) return 'IE';
      const upper = value.toUpperCase();
      const found = ENGINES.find((e) => e === upper);
      if (!found) r.problem(`${env}=${JSON.stringify(value)}: must be IE or CLASSIC`);
      return found ?? 'IE';
    },
  });
}

/** A fault injected from the start, with the bounds of the /__emulator/faults endpoint. */
function fault({ key, env, doc }: SettingBasics & { key: keyof FaultSettings }): Setting<number> {
  const { kind, min, max } = FAULT_LIMITS[key];
  const range = { integer: `whole number, ${min}–${max}`, share: `${min}–${max}`, status: '429 or 500–599' }[kind];
  return decimal({ env, default: NO_FAULTS[key], range, problem: (n) => faultProblem(key, n), doc });
}

/** The authorization server's signing key (PEM or JWK text); checked here, never echoed. */
function signingKey({ env, doc }: SettingBasics): Setting<string | undefined> {
  return new Setting<string | undefined>({
    env,
    default: undefined,
    range: 'an RSA private key (≥ 2048 bits) as PEM (line breaks may be written `\\n`) or as a JWK',
    doc,
    read: (r) => {
      const value = r.text(env);
      if (value === undefined) return undefined;
      const { problem } = parseSigningKey(value);
      if (problem) r.problem(`${env}: ${problem}`);
      return problem ? undefined : value;
    },
    shownDefault: 'made at start',
  });
}

export const EMULATOR_SETTINGS = {
  port: port({
    env: 'EMULATOR_PORT',
    default: 4001,
    doc: 'emulator port (`policy-emulator`, or embedded by `npm start`)',
  }),
  host: host({ env: 'EMULATOR_HOST', doc: 'emulator address' }),
  token: token({
    env: 'EMULATOR_TOKEN',
    default: 'dev-token',
    doc: 'the API token (`SSWS <token>`) of the fixture’s first SUPER_ADMIN (carol in the built-in org; other admins’ tokens come from the fixture); never printed',
  }),
  engine: engine({ env: 'EMULATOR_ENGINE', doc: 'the org’s policy engine: `IE` (identity engine) or `CLASSIC`' }),
  fixturePath: text({
    env: 'EMULATOR_FIXTURE',
    doc: 'org fixture file (format in [emulator.md](emulator.md))',
    shownDefault: 'built-in',
  }),
  statePath: text({
    env: 'EMULATOR_STATE',
    doc: 'keep the org in this file (and `<file>.journal`) across restarts; an answer waits until its changes are on disk',
  }),
  rateLimitPerMinute: integer({
    env: 'EMULATOR_RATE_LIMIT',
    default: NO_FAULTS.rateLimitPerMinute,
    min: FAULT_LIMITS.rateLimitPerMinute.min,
    max: FAULT_LIMITS.rateLimitPerMinute.max,
    doc: 'API requests per minute before 429, 0: no limit (the start value of the fault `rateLimitPerMinute`)',
  }),
  /** The org's authorization server (OAuth 2.0 / OpenID Connect). */
  oauth: {
    accessTokenSeconds: integer({
      env: 'EMULATOR_ACCESS_TOKEN_SECONDS',
      default: 3600,
      min: 1,
      max: 86_400,
      doc: 'lifetime of the access tokens and ID tokens the authorization server issues',
    }),
    clockSkewSeconds: integer({
      env: 'EMULATOR_CLOCK_SKEW_SECONDS',
      default: 30,
      min: 0,
      max: 300,
      doc: 'clock difference accepted when checking the expiry of access tokens and client assertions',
    }),
    refreshTokenLeewaySeconds: integer({
      env: 'EMULATOR_REFRESH_TOKEN_LEEWAY_SECONDS',
      default: 30,
      min: 0,
      max: 60,
      doc: 'after a refresh token is rotated, the previous one stays valid this long (the platform’s leeway); a refresh token used again after it ends its sign-in’s grant: the newest refresh token and every access token issued since the sign-in (0: at the first reuse)',
    }),
    signingKey: signingKey({
      env: 'EMULATOR_SIGNING_KEY',
      doc: 'the key that signs tokens (`kid`: its RFC 7638 thumbprint); set it so that tokens stay valid across a restart, or several processes serving one address sign alike; unset: a new key per process; never printed',
    }),
  },
  admin: boolean({
    env: 'EMULATOR_ADMIN',
    default: true,
    doc: 'the `/__emulator/*` test-control endpoints; off turns them off',
  }),
  journalCap: journalBound({
    key: 'journalCap',
    env: 'EMULATOR_JOURNAL_CAP',
    default: 1000,
    doc: 'entries of the request journal (`/__emulator/journal`) kept in memory; the oldest are dropped beyond it',
  }),
  journalBytes: journalBound({
    key: 'journalBytes',
    env: 'EMULATOR_JOURNAL_BYTES',
    default: 16 * 1024 * 1024,
    doc: 'bytes (as JSON) the request journal keeps in memory, all entries together; the oldest are dropped beyond it, so `GET /__emulator/journal` stays about this size',
  }),
  journalBodyBytes: journalBound({
    key: 'journalBodyBytes',
    env: 'EMULATOR_JOURNAL_BODY_BYTES',
    default: 64 * 1024,
    doc: 'a request body larger than this (as JSON) is journaled cut to this many bytes, as a string, with `bodyTruncated: true` (0: no bodies kept)',
  }),
  /** Faults injected from the start (the rate limit is `rateLimitPerMinute`). */
  faults: {
    latencyMs: fault({
      key: 'latencyMs',
      env: 'EMULATOR_LATENCY_MS',
      doc: 'injected fault: milliseconds added to every API answer',
    }),
    jitterMs: fault({
      key: 'jitterMs',
      env: 'EMULATOR_JITTER_MS',
      doc: 'injected fault: up to this many milliseconds more, drawn per request',
    }),
    errorRate: fault({
      key: 'errorRate',
      env: 'EMULATOR_ERROR_RATE',
      doc: 'injected fault: share of API requests answered with `EMULATOR_ERROR_STATUS` instead of being served',
    }),
    status: fault({ key: 'status', env: 'EMULATOR_ERROR_STATUS', doc: 'status of those answers' }),
    resetRate: fault({
      key: 'resetRate',
      env: 'EMULATOR_RESET_RATE',
      doc: 'injected fault: share of API requests whose connection is reset in the middle of the answer',
    }),
  },
  /** With these defaults, a slow-header or dripped-body connection is closed within 13 s. */
  limits: {
    headersTimeoutMs: integer({
      env: 'EMULATOR_HEADERS_TIMEOUT_MS',
      default: 10_000,
      min: 100,
      max: 600_000,
      doc: 'time to receive a request’s headers, then 408 and close (not above the request timeout)',
    }),
    requestTimeoutMs: integer({
      env: 'EMULATOR_REQUEST_TIMEOUT_MS',
      default: 12_000,
      min: 100,
      max: 600_000,
      doc: 'time to receive a whole request, body included, then 408 and close',
    }),
    keepAliveTimeoutMs: integer({
      env: 'EMULATOR_KEEPALIVE_MS',
      default: 5_000,
      min: 100,
      max: 600_000,
      doc: 'an idle kept-alive connection is closed after this many milliseconds',
    }),
    maxConnections: integer({
      env: 'EMULATOR_MAX_CONNECTIONS',
      default: 1024,
      min: 1,
      max: 100_000,
      doc: 'connections beyond this are dropped at once',
    }),
  },
};

export type EmulatorConfig = SettingValues<typeof EMULATOR_SETTINGS>;

/** The emulator's options when no variable is set. */
export const EMULATOR_DEFAULTS: Readonly<EmulatorConfig> = defaultsOf(EMULATOR_SETTINGS);

/** What is wrong with a combination of connection limits, if anything (Node requires headers ≤ request timeout). */
export function connectionLimitsProblem(limits: {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}): string | undefined {
  return limits.headersTimeoutMs > limits.requestTimeoutMs
    ? 'the headers timeout must not be longer than the request timeout'
    : undefined;
}

export function readEmulatorConfig(env: Env): EmulatorConfig {
  const r = new EnvReader(env);
  const config = readSettings(EMULATOR_SETTINGS, r);
  const limitsProblem = connectionLimitsProblem(config.limits);
  if (limitsProblem) r.problem(`EMULATOR_HEADERS_TIMEOUT_MS, EMULATOR_REQUEST_TIMEOUT_MS: ${limitsProblem}`);
  r.throwIfInvalid();
  return config;
}
