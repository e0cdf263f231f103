// A gateway logger whose lines the test reads: each line parsed from the JSON pino writes.
import { createLogger, type Logger } from '../../src/gateway/logger.ts';
import type { LogLevel } from '../../src/config/gateway.ts';

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines(): Record<string, any>[];
  /** Every line written so far, as written. */
  text(): string;
}

export function captureLogs(level: LogLevel = 'debug'): CapturedLogs {
  let written = '';
  const destination = {
    write: (line: string) => {
      written += line;
    },
  };
  const logger = createLogger({ level, format: 'json' }, destination);
  return {
    logger,
    text: () => written,
    lines: () =>
      written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

/** A logger that writes nothing. */
export const silentLogger = (): Logger => createLogger({ level: 'silent', format: 'json' });
