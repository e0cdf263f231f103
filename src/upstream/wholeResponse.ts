// The end of the upstream client's dispatch chain: it resolves with the status, headers and whole
// body of the response that `completeResponses` delivers in one piece. Undici's `request` API would
// wrap that body in a stream, parse the headers a second time and read the stream back into a
// string: a cost on every upstream call, for a body that is already complete in memory.
import type { Dispatcher } from 'undici';

type Controller = Dispatcher.DispatchController;
type Headers = Record<string, string | string[] | undefined>;

export interface WholeResponse {
  statusCode: number;
  headers: Headers;
  body: string;
}

/** What can abort a request: the operation's guard. */
export interface Cancellation {
  readonly signal: AbortSignal;
  /** Runs the callback on abort; returns the way to stop listening. */
  onAbort(callback: () => void): () => void;
}

/** Dispatches `options`; when `cancellation` aborts, the request is aborted with its reason. */
export function requestWhole(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  cancellation: Cancellation,
): Promise<WholeResponse> {
  const { signal } = cancellation;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let controller: Controller | undefined;
    let statusCode = 0;
    let headers: Headers = {};
    const chunks: Buffer[] = [];
    const done = cancellation.onAbort(() => controller?.abort(signal.reason));
    dispatcher.dispatch(options, {
      onRequestStart(c) {
        controller = c;
        if (signal.aborted) c.abort(signal.reason);
      },
      onResponseStart(_c, status, responseHeaders) {
        statusCode = status;
        headers = responseHeaders as Headers;
      },
      onResponseData(_c, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        done();
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        resolve({ statusCode, headers, body: body.toString('utf8') });
      },
      onResponseError(_c, error) {
        done();
        reject(error);
      },
    });
  });
}
