// An undici interceptor that hands a response on only once its whole body has arrived, and refuses
// bodies over a size cap. Under the retry interceptor this makes every failure a failure before
// the response: a connection cut mid-body is retried like one cut before the headers (instead of
// undici's byte-range resume, which a JSON API does not serve), and a partial body never reaches a
// caller. The REST answers are small JSON documents, so holding one in memory costs nothing new.
import type { Dispatcher } from 'undici';

type Controller = Dispatcher.DispatchController;
type Handler = Dispatcher.DispatchHandler;
type Headers = Parameters<NonNullable<Handler['onResponseStart']>>[2];

/** The response body was larger than the cap: aborted while reading, never retried. */
export class UpstreamBodyTooLargeError extends Error {
  override readonly name = 'UpstreamBodyTooLargeError';
  readonly code = 'UPSTREAM_BODY_TOO_LARGE';
  constructor(
    readonly status: number,
    readonly maxBytes: number,
  ) {
    super(`the response body is larger than ${maxBytes} bytes`);
  }
}

/** How one HTTP attempt ended: a complete response, or the failure's code. */
export interface AttemptEnd {
  status?: number;
  headers?: Headers;
  errorCode?: string;
  durationMs: number;
}

/** The dispatch option this interceptor reads: told once per attempt, so retries are seen too. */
export interface AttemptOptions {
  onAttemptEnd?: (end: AttemptEnd) => void;
}

export function completeResponses(maxBodyBytes: number): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) =>
    dispatch(options, new CompleteResponseHandler(handler, maxBodyBytes, (options as AttemptOptions).onAttemptEnd));
}

class CompleteResponseHandler implements Handler {
  private upstream: Controller | undefined;
  private readonly downstreamController = new BufferedController(() => this.upstream);
  private status = 0;
  private statusMessage: string | undefined;
  private headers: Headers = {};
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly startedAt = performance.now();

  constructor(
    private readonly downstream: Handler,
    private readonly maxBodyBytes: number,
    private readonly onAttemptEnd: AttemptOptions['onAttemptEnd'],
  ) {}

  onRequestStart(controller: Controller, context: unknown): void {
    this.upstream = controller;
    this.downstream.onRequestStart?.(this.downstreamController, context);
  }

  onResponseStart(controller: Controller, status: number, headers: Headers, statusMessage?: string): void {
    const declared = Number(headers['content-length']);
    this.status = status;
    if (declared > this.maxBodyBytes) return controller.abort(new UpstreamBodyTooLargeError(status, this.maxBodyBytes));
    this.headers = headers;
    this.statusMessage = statusMessage;
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (controller.aborted) return;
    this.size += chunk.length;
    if (this.size > this.maxBodyBytes) {
      return controller.abort(new UpstreamBodyTooLargeError(this.status, this.maxBodyBytes));
    }
    this.chunks.push(chunk);
  }

  onResponseEnd(_controller: Controller, trailers: Headers): void {
    this.onAttemptEnd?.({ status: this.status, headers: this.headers, durationMs: performance.now() - this.startedAt });
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    const d = this.downstream;
    const c = this.downstreamController;
    c.play([
      () => d.onResponseStart?.(c, this.status, this.headers, this.statusMessage),
      () => (body.length ? d.onResponseData?.(c, body) : undefined),
      () => d.onResponseEnd?.(c, trailers),
    ]);
  }

  onResponseError(_controller: Controller, error: Error): void {
    const code = (error as { code?: unknown }).code;
    this.onAttemptEnd?.({
      errorCode: typeof code === 'string' ? code : error.name,
      durationMs: performance.now() - this.startedAt,
    });
    this.downstream.onResponseError?.(this.downstreamController, error);
  }
}

/**
 * The controller the downstream handler sees. The retry handler pauses the response while it
 * decides whether to retry, so the buffered events are played one at a time, waiting while paused.
 */
class BufferedController implements Controller {
  private pausedNow = false;
  private pending: (() => void)[] = [];

  constructor(private readonly upstream: () => Controller | undefined) {}

  get aborted(): boolean {
    return this.upstream()?.aborted ?? false;
  }
  get reason(): Error | null {
    return this.upstream()?.reason ?? null;
  }
  get paused(): boolean {
    return this.pausedNow;
  }
  get rawHeaders() {
    return this.upstream()?.rawHeaders;
  }
  get rawTrailers() {
    return this.upstream()?.rawTrailers;
  }

  abort(reason: Error): void {
    this.pending = [];
    this.upstream()?.abort(reason);
  }
  pause(): void {
    this.pausedNow = true;
  }
  resume(): void {
    this.pausedNow = false;
    this.drain();
  }

  play(events: (() => void)[]): void {
    this.pending = events;
    this.drain();
  }

  private drain(): void {
    while (!this.pausedNow && this.pending.length) this.pending.shift()?.();
  }
}
