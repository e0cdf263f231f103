// Request bodies in, JSON out: the small HTTP plumbing shared by every route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, bodyTooLarge, malformedBody } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads and parses a JSON body; an absent body is `undefined`. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  return (await readJsonBody(req)).value;
}

/** A JSON body as parsed, and its size in bytes as sent. */
export async function readJsonBody(req: IncomingMessage): Promise<{ value: unknown; bytes: number }> {
  // A declared length over the limit is refused before anything is read.
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) throw bodyTooLarge(MAX_BODY_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw bodyTooLarge(MAX_BODY_BYTES);
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // The client went away or the request timed out: its fault, not an emulator error.
    throw malformedBody(`the body was not received completely (${(e as Error).message})`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { value: undefined, bytes: size };
  try {
    return { value: JSON.parse(text), bytes: size };
  } catch (e) {
    throw malformedBody(`the body is not valid JSON (${(e as Error).message})`);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** A JSON answer already serialised (an API answer is serialised once, for a reset fault too). */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}
