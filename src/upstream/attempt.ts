// One HTTP attempt of an upstream call, dispatched straight to the pool: it resolves once the whole
// body has arrived (a body over the page cap, or past the operation's byte budget, is refused while
// it is read), with the status, the headers
// and the body as a string, or with why it failed. A partial body never reaches a caller, and a
// connection cut mid-body is a failure like one cut before the headers, which the retry step
// (call/retry.ts, with retryPolicy.ts) decides about. The REST answers are small JSON documents,
// so holding one in memory costs nothing new; undici's `request` API would wrap it in a stream,
// parse the headers a second time and read the stream back into a string.
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { UpstreamBodyTooLargeError } from './errors.ts';

/** What can abort an attempt: the operation's guard. */
export interface Cancellation {
  /** Why it was aborted; undefined until it is. */
  readonly reason: Error | undefined;
  /** Runs the callback on abort; returns the way to stop listening. */
  onAbort(callback: () => void): () => void;
  /** Counts body bytes against the operation's budget: the refusal once they pass it. */
  takeBytes(count: number): Error | undefined;
}

/** An attempt's span, when its operation is traced (call/traced.ts): named in its log line. */
interface Traced {
  span?: { traceId: string; spanId: string };
}

export type AttemptResult =
  | ({ ok: true; status: number; headers: IncomingHttpHeaders; body: string; durationMs: number } & Traced)
  | ({ ok: false; error: Error; durationMs: number } & Traced);

/** Sends one attempt; never rejects (a failure is a result). */
export function attempt(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  maxBodyBytes: number,
  cancellation: Cancellation,
): Promise<AttemptResult> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const fail = (error: Error) => resolve({ ok: false, error, durationMs: performance.now() - startedAt });
    if (cancellation.reason) return fail(cancellation.reason);
    let controller: Dispatcher.DispatchController | undefined;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let size = 0;
    const stopListening = cancellation.onAbort(() => controller?.abort(cancellation.reason as Error));
    try {
      dispatcher.dispatch(options, {
        onRequestStart(c) {
          controller = c;
          if (cancellation.reason) c.abort(cancellation.reason);
        },
        onResponseStart(c, statusCode, responseHeaders) {
          status = statusCode;
          headers = responseHeaders as IncomingHttpHeaders;
          if (Number(headers['content-length']) > maxBodyBytes) {
            c.abort(new UpstreamBodyTooLargeError(status, maxBodyBytes));
          }
        },
        onResponseData(c, chunk) {
          if (c.aborted) return;
          size += chunk.length;
          if (size > maxBodyBytes) return c.abort(new UpstreamBodyTooLargeError(status, maxBodyBytes));
          // The cap is per page and per operation: the operation's answers together have a budget too.
          const overBudget = cancellation.takeBytes(chunk.length);
          if (overBudget) return c.abort(overBudget);
          chunks.push(chunk);
        },
        onResponseEnd() {
          stopListening();
          const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
          resolve({
            ok: true,
            status,
            headers,
            body: body.toString('utf8'),
            durationMs: performance.now() - startedAt,
          });
        },
        onResponseError(_c, error) {
          stopListening();
          fail(error);
        },
      });
    } catch (error) {
      // Options undici refuses before sending (a header value it cannot send).
      stopListening();
      fail(error as Error);
    }
  });
}
