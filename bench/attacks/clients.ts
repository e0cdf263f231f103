// The clients of the attack soak: a POST whose answer is counted as it streams (an answer of
// hundreds of MiB is measured, not held), and a slow reader that takes its answer 4 KiB at a time.
import { Socket, type SocketConstructorOpts } from 'node:net';

/** What one request got: an HTTP answer, or the reason it got none. */
export interface Outcome {
  /** HTTP status; undefined when no answer came (`failure` says why). */
  status?: number;
  /** `extensions.code` values in the answer, in order of first appearance. */
  codes: string[];
  /** Bytes of the answer body read. */
  bytes: number;
  ms: number;
  /** Whether the answer holds data (`"data":{` or `"data": {`), i.e. something was executed. */
  data: boolean;
  /** Why no whole answer came: a connection error, or the time cap. */
  failure?: string;
}

/** Codes are looked for in the first bytes of an answer only: errors of a huge answer come first or not at all. */
const KEPT_BYTES = 4 * 1024 * 1024;
const CODE = /"code":"([A-Z_]+)"/g;

export function codesIn(text: string): string[] {
  return [...new Set([...text.matchAll(CODE)].map((m) => m[1]))];
}

/** POSTs a document to `${url}/graphql` and reads the answer to its end or until `capMs` passes. */
export async function post(
  url: string,
  auth: string,
  document: { query: string; variables?: Record<string, unknown> },
  capMs: number,
): Promise<Outcome> {
  const started = performance.now();
  let bytes = 0;
  let kept = '';
  let status: number | undefined;
  try {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: auth },
      body: JSON.stringify({ query: document.query, variables: document.variables }),
      signal: AbortSignal.timeout(capMs),
    });
    status = res.status;
    const decoder = new TextDecoder();
    for await (const chunk of res.body ?? []) {
      bytes += chunk.byteLength;
      if (kept.length < KEPT_BYTES) kept += decoder.decode(chunk, { stream: true });
    }
    return { status, codes: codesIn(kept), bytes, ms: performance.now() - started, data: /"data":\s*\{/.test(kept) };
  } catch (error) {
    const failure = (error as Error).name === 'TimeoutError' ? `no whole answer in ${capMs / 1000} s` : describe(error);
    return { status, codes: codesIn(kept), bytes, ms: performance.now() - started, data: false, failure };
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** What a slow reader saw by the time it stopped. */
export interface SlowRead {
  status?: number;
  /** Bytes read at the slow pace, headers included. */
  bytes: number;
  /**
   * How the connection ended: the gateway closed it before the whole answer (`cut`), the whole
   * answer came at the slow pace, or it was still being served when the reader stopped.
   */
  end: 'cut' | 'whole answer' | 'open at the stop';
  error?: string;
}

/** How long a stopping reader reads at full speed to learn whether the gateway had closed the connection. */
const DRAIN_MS = 2_000;

/**
 * Sends one document over a raw connection and reads the answer `chunkBytes` at a time, one read
 * every `everyMs`, until `stop` resolves. Node cannot shrink a socket's kernel receive buffer, so the
 * pace is set by reading: the stream is paused and its own buffer is `chunkBytes`, so the socket
 * takes no more from the kernel until a read makes room. At the stop it reads at full speed for a
 * moment: a connection the gateway closed ends then (its end is seen only once every byte before it
 * was read), one still open does not.
 */
export function slowReader(
  url: string,
  auth: string,
  document: { query: string; variables?: Record<string, unknown> },
  stop: Promise<void>,
  chunkBytes = 4096,
  everyMs = 3_000,
): Promise<SlowRead> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ query: document.query, variables: document.variables });
  const request = [
    'POST /graphql HTTP/1.1',
    `Host: ${hostname}:${port}`,
    'Content-Type: application/json',
    'Accept: application/json',
    `Authorization: ${auth}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
  return new Promise((resolve) => {
    // The stream options reach the socket's Readable, though the socket's types do not list them.
    const socket = new Socket({ readableHighWaterMark: chunkBytes } as SocketConstructorOpts);
    const read: SlowRead = { bytes: 0, end: 'open at the stop' };
    let head = '';
    let length = Number.NaN;
    let bodyBytes = 0;
    let tail = '';
    const count = (chunk: Buffer, slow: boolean) => {
      if (slow) read.bytes += chunk.byteLength;
      tail = (tail + chunk.subarray(-5).toString('latin1')).slice(-5);
      if (read.status !== undefined) {
        bodyBytes += chunk.byteLength;
        return;
      }
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      read.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      length = Number(/\r\ncontent-length: (\d+)/i.exec(head.slice(0, end))?.[1] ?? Number.NaN);
      bodyBytes = Buffer.byteLength(head, 'latin1') - end - 4;
    };
    const timer = setInterval(() => {
      const chunk: Buffer | null = socket.read(chunkBytes) ?? socket.read();
      if (chunk) count(chunk, true);
    }, everyMs);
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      socket.destroy();
      resolve(read);
    };
    socket.pause();
    socket.connect(Number(port), hostname, () => socket.write(request));
    let stopping = false;
    socket.on('end', () => {
      // A chunked answer has no length: its end is the last chunk, of size zero.
      const whole = bodyBytes >= length || tail === '0\r\n\r\n';
      // A whole answer read only once the reader stopped was still being served: not cut.
      read.end = !whole ? 'cut' : stopping ? 'open at the stop' : 'whole answer';
      settle();
    });
    socket.on('error', (error) => {
      read.error = (error as NodeJS.ErrnoException).code ?? error.message;
      read.end = 'cut';
      settle();
    });
    void stop.then(() => {
      stopping = true;
      clearInterval(timer);
      socket.on('data', (chunk: Buffer) => count(chunk, false));
      socket.resume();
      setTimeout(settle, DRAIN_MS);
    });
  });
}
