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

/** Dispatches `options`; aborting `signal` aborts the request with the signal's reason. */
export function requestWhole(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal: AbortSignal,
): Promise<WholeResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let controller: Controller | undefined;
    let statusCode = 0;
    let headers: Headers = {};
    const chunks: Buffer[] = [];
    const onAbort = () => controller?.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
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
