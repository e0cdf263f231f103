// The gateway's log: pino JSON lines (or pino-pretty lines for a terminal) that never show a
// credential. Two layers: pino's `redact` paths blank authorization headers and token members, and
// every logged string and error has its `SSWS …` / `Bearer …` credentials replaced.
import { createRequire } from 'node:module';
import type { YogaLogger } from 'graphql-yoga';
import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';
import type { LogConfig } from '../config/gateway.ts';
import { ConfigError } from '../config/env.ts';

export type { Logger } from 'pino';

const REDACTED = '[redacted]';

/** Members that hold credentials wherever they appear in a logged object (one level of nesting deep). */
export const REDACT_PATHS = [
  'authorization',
  'Authorization',
  'token',
  '*.authorization',
  '*.Authorization',
  '*.token',
  'headers.authorization',
  'headers.Authorization',
  '*.headers.authorization',
  '*.headers.Authorization',
];

/**
 * A logger at `config.level` writing to `destination` (default: stdout). `format: 'pretty'` needs
 * the pino-pretty package (a dev dependency): without it the start fails with a ConfigError.
 */
export function createLogger(config: LogConfig, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.level,
      base: undefined, // no pid or hostname on every line: the process is the container
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: (error: Error) => redact(stdSerializers.err(error)) },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redact(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination ?? (config.format === 'pretty' ? prettyStream() : stdoutDestination()),
  );
}

/** How long a line may wait in the buffer before it is written. */
export const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * Lines are buffered and written 4 KB at a time, or every LOG_FLUSH_INTERVAL_MS, asynchronously:
 * a write to stdout for every operation cost more than the rest of the operation's log line. What
 * is buffered is written on exit (pino's exit hook) and by `flushLog`.
 */
function stdoutDestination(): DestinationStream {
  return pino.destination({ fd: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_INTERVAL_MS });
}

/** Writes out the lines still buffered; call it before `process.exit`. */
export function flushLog(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    try {
      logger.flush(() => resolve());
    } catch {
      resolve();
    }
  });
}

function prettyStream(): DestinationStream {
  const require = createRequire(import.meta.url);
  let pretty: typeof import('pino-pretty');
  try {
    pretty = require('pino-pretty');
  } catch {
    throw new ConfigError([
      'LOG_FORMAT=pretty: needs the pino-pretty package, a dev dependency (install without --omit=dev, or use LOG_FORMAT=json)',
    ]);
  }
  return pretty({ destination: 1, sync: true, colorize: process.stdout.isTTY });
}

/**
 * Yoga's own messages on the gateway's logger, redacted. Yoga's debug chatter (every request
 * phase) goes to `trace`, so that `LOG_LEVEL=debug` shows the operations and their upstream calls.
 */
export function yogaLogger(logger: Logger): YogaLogger {
  const forward =
    (level: 'trace' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      if (!logger.isLevelEnabled(level)) return;
      const [first, ...rest] = args.map((arg) => redact(arg, MAX_YOGA_STRING));
      const detail = rest.length ? { detail: rest } : {};
      if (first instanceof Error) logger[level]({ err: first, ...detail }, first.message);
      else if (typeof first === 'string') logger[level](detail, first);
      else logger[level]({ detail: [first, ...rest] });
    };
  return { debug: forward('trace'), info: forward('info'), warn: forward('warn'), error: forward('error') };
}

/** The longest string of yoga's that a line shows: its messages may quote what a client sent (a megabyte of it). */
const MAX_YOGA_STRING = 2_000;

const CREDENTIAL = /\b(SSWS|Bearer)\s+[^\s"',;]+/gi;

/**
 * Short strings seen to hold no credential: the messages and operation names of the operation
 * lines repeat line after line, and a look-up costs less than the credential search. Forgotten all
 * at once when full (clients choose operation names).
 */
const knownClean = new Set<string>();
const MAX_KNOWN_CLEAN = 1_024;
const MAX_KNOWN_CLEAN_LENGTH = 128;

function rememberClean(text: string): void {
  if (knownClean.size >= MAX_KNOWN_CLEAN) knownClean.clear();
  knownClean.add(text);
}

/**
 * A copy with every `SSWS …` / `Bearer …` credential and every authorization member replaced by
 * [redacted], and every string longer than `maxLength` cut (its length said).
 */
export function redact(value: unknown, maxLength = Number.POSITIVE_INFINITY): unknown {
  const clean = (text: string) => {
    if (text.length <= maxLength && knownClean.has(text)) return text;
    const cleaned = (text.length <= maxLength ? text : `${text.slice(0, maxLength)}…(${text.length} chars)`).replace(
      CREDENTIAL,
      `$1 ${REDACTED}`,
    );
    if (cleaned === text && text.length <= MAX_KNOWN_CLEAN_LENGTH) rememberClean(text);
    return cleaned;
  };
  if (typeof value === 'string') return clean(value);
  if (value instanceof Error) {
    const copy = new Error(clean(value.message));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : clean(value.stack);
    return copy;
  }
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.parse(
        JSON.stringify(value, (key, v: unknown) =>
          /^authorization$/i.test(key) ? REDACTED : typeof v === 'string' ? clean(v) : v,
        ),
      );
    } catch {
      return '[unserializable value]';
    }
  }
  return value;
}
