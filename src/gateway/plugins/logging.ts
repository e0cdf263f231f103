// The operation log: one `info` line per GraphQL operation (name, type, duration, upstream calls,
// error codes, outcome, request id) and one `debug` line per upstream request with the same
// request id, so that an operation can be followed to the upstream calls it caused.
import type { Plugin } from 'graphql-yoga';
import type { UpstreamObserver } from '../../upstream/observer.ts';
import type { Logger } from '../logger.ts';
import { useOperationSummary } from './operationSummary.ts';

export interface OperationLog {
  plugin: Plugin;
  /** For the upstream client's callers. */
  upstream: UpstreamObserver;
}

export function createOperationLog(logger: Logger): OperationLog {
  return {
    plugin: useOperationSummary(({ name, durationMs, ...summary }) =>
      logger.info({ ...summary, operation: name, durationMs: Math.round(durationMs) }, 'graphql operation'),
    ),
    upstream: {
      onUpstreamRequest: ({ template, durationMs, ...attempt }) => {
        if (logger.isLevelEnabled('debug')) {
          logger.debug({ ...attempt, route: template, durationMs: Math.round(durationMs) }, 'upstream request');
        }
      },
    },
  };
}
