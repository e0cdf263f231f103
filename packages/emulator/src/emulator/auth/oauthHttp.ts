// The HTTP plumbing of the authorization server: form bodies in, RFC 6749 error bodies and
// uncacheable JSON out, and CORS for the endpoints a browser application calls.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../common/body.ts';

/** A token request is a few parameters; anything larger is not one. */
const MAX_FORM_BYTES = 64 * 1024;

/** Token endpoint answers must not be cached (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** An OAuth error reply: `{error, error_description}` with its status. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    /** Headers the reply carries (a `WWW-Authenticate` challenge). */
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);
export const invalidClient = (description: string) => new OAuthError(401, 'invalid_client', description);
export const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);
export const invalidScope = (description: string) => new OAuthError(400, 'invalid_scope', description);
export const unauthorizedClient = (description: string) => new OAuthError(400, 'unauthorized_client', description);

export function sendOAuthError(res: ServerResponse, e: OAuthError, headers: Record<string, string> = {}): void {
  sendJson(
    res,
    e.status,
    { error: e.error, error_description: e.description },
    { ...NO_STORE, ...headers, ...e.headers },
  );
}

/**
 * Reads an `application/x-www-form-urlencoded` body. A parameter sent twice is refused (RFC 6749
 * §3.1), so that no code path can read a different copy than another.
 */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw invalidRequest('The body must be application/x-www-form-urlencoded.');
  }
  if (Number(req.headers['content-length']) > MAX_FORM_BYTES) throw invalidRequest('The body is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) throw invalidRequest('The body is too large.');
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof OAuthError) throw e;
    throw invalidRequest('The body was not received completely.');
  }
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  return single(form);
}

/** The parameters, each at most once. */
export function single(params: URLSearchParams): URLSearchParams {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) throw invalidRequest(`The parameter ${key} is repeated.`);
    seen.add(key);
  }
  return params;
}

/** The value of a parameter, or undefined when absent or empty (RFC 6749 §3.1: empty counts as omitted). */
export function param(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value === null || value === '' ? undefined : value;
}

/** CORS headers for `origin` when `allowed` says so (no credentials: tokens travel in the body or the header). */
export function corsHeaders(origin: string | undefined, allowed: (origin: string) => boolean): Record<string, string> {
  if (origin === undefined || !allowed(origin)) return {};
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

/** The answer to a CORS preflight of a POST endpoint. */
export function sendPreflight(res: ServerResponse, cors: Record<string, string>): void {
  res.writeHead(204, {
    ...cors,
    ...(cors['access-control-allow-origin']
      ? {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        }
      : {}),
  });
  res.end();
}
