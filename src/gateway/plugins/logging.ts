// The operation log: one `info` line per GraphQL operation (name, type, duration, upstream calls,
// error codes, outcome, request id) and one `debug` line per upstream request with the same
// request id, so that an operation can be followed to the upstream calls it caused.
import type { UpstreamObserver } from '../../upstream/observer.ts';
import { type Logger, redact } from '../logger.ts';
import { MAX_LABEL_LENGTH } from './metricLabels.ts';
import type { OperationSummary } from './operationSummary.ts';

export interface OperationLog {
  /** Logs one operation's summary (fed by the server's operation summaries). */
  operation: (summary: OperationSummary) => void;
  /** For the upstream client's callers. */
  upstream: UpstreamObserver;
}

const MAX_LOGGED_PATH = 256;

export function createOperationLog(logger: Logger): OperationLog {
  // A summary is flat and made by the gateway (request ids are plain tokens, codes are its own), so
  // pino's path redaction, which copies every logged object, is skipped for it; the one string a
  // client chooses, the operation name, is cut to 64 characters (a client may send a megabyte of
  // it) and has credentials replaced like every logged string.
  const summaries = logger.child({}, { redact: { paths: [] } });
  return {
    // `errors` (one code per error) is left to the metrics: the line has the distinct `errorCodes`.
    operation: ({ name, durationMs, errors: _perError, phase: _phase, ...summary }) =>
      summaries.info(
        { ...summary, operation: redact(name, MAX_LABEL_LENGTH) as string, durationMs: Math.round(durationMs) },
        'graphql operation',
      ),
    upstream: {
      onUpstreamRequest: (request) => {
        // Nothing is copied for a line that is not written (the level is `info` by default).
        if (!logger.isLevelEnabled('debug')) return;
        const { template, durationMs, path, ...attempt } = request;
        // The path holds ids a client chose, of any length: the line shows the start of it.
        const shownPath = redact(path, MAX_LOGGED_PATH) as string;
        logger.debug(
          { ...attempt, path: shownPath, route: template, durationMs: Math.round(durationMs) },
          'upstream request',
        );
      },
    },
  };
}
