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
  if (cancellation.reason) return Promise.resolve(failure(cancellation.reason, startedAt));
  return new Promise((resolve) => {
    const handler = new AttemptHandler(maxBodyBytes, cancellation, startedAt, resolve);
    try {
      dispatcher.dispatch(options, handler);
    } catch (error) {
      // Options undici refuses before sending (a header value it cannot send).
      handler.onResponseError(undefined, error as Error);
    }
  });
}

function failure(error: Error, startedAt: number): AttemptResult {
  return { ok: false, error, durationMs: performance.now() - startedAt };
}

/**
 * One attempt's undici handler: its state and its steps in one object, with the steps on the
 * prototype (every upstream call makes one, so no closure per step).
 */
class AttemptHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly stopListening: () => void;

  constructor(
    private readonly maxBodyBytes: number,
    private readonly cancellation: Cancellation,
    private readonly startedAt: number,
    private readonly resolve: (result: AttemptResult) => void,
  ) {
    this.stopListening = cancellation.onAbort(() => this.controller?.abort(cancellation.reason as Error));
  }

  onRequestStart(c: Dispatcher.DispatchController): void {
    this.controller = c;
    if (this.cancellation.reason) c.abort(this.cancellation.reason);
  }

  onResponseStart(c: Dispatcher.DispatchController, statusCode: number, responseHeaders: IncomingHttpHeaders): void {
    this.status = statusCode;
    this.headers = responseHeaders;
    if (Number(responseHeaders['content-length']) > this.maxBodyBytes) {
      c.abort(new UpstreamBodyTooLargeError(statusCode, this.maxBodyBytes));
    }
  }

  onResponseData(c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (c.aborted) return;
    this.size += chunk.length;
    if (this.size > this.maxBodyBytes) return c.abort(new UpstreamBodyTooLargeError(this.status, this.maxBodyBytes));
    // The cap is per page and per operation: the operation's answers together have a budget too.
    const overBudget = this.cancellation.takeBytes(chunk.length);
    if (overBudget) return c.abort(overBudget);
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.stopListening();
    const { chunks } = this;
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    this.resolve({
      ok: true,
      status: this.status,
      headers: this.headers,
      body: body.toString('utf8'),
      durationMs: performance.now() - this.startedAt,
    });
  }

  onResponseError(_c: Dispatcher.DispatchController | undefined, error: Error): void {
    this.stopListening();
    this.resolve(failure(error, this.startedAt));
  }
}
