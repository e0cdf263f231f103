// Which browser origins may call the gateway. None by default; `*` allows any origin but never
// with credentials; a list allows exactly those origins, with credentials. A browser app sends its
// access token as `Authorization: Bearer <token>` (a header, not a cookie: no credentials needed),
// and may send the headers the gateway reads: Content-Type, X-Request-Id, Idempotency-Key.
import type { CORSOptions, Plugin } from 'graphql-yoga';

type CorsPolicy = CORSOptions | ((request: Request) => CORSOptions);

export function corsPolicy(origins: string[] | '*' | undefined): CorsPolicy {
  if (origins === undefined || (Array.isArray(origins) && origins.length === 0)) return false;
  const common = {
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'],
  };
  if (origins === '*') return { ...common, origin: '*', credentials: false };
  return (request: Request): CORSOptions => {
    const origin = request.headers.get('origin');
    return origin !== null && origins.includes(origin) ? { ...common, origin, credentials: true } : false;
  };
}

/** Whether a browser origin may call the gateway under `origins` (CORS_ORIGINS). */
function originAllowed(origins: string[] | '*' | undefined, origin: string | null): boolean {
  if (origins === '*') return true;
  return origin !== null && origins?.includes(origin) === true;
}

/**
 * A preflight from an origin CORS_ORIGINS does not allow is answered 403 with the way to allow it,
 * instead of yoga's "GraphQL only supports GET and POST requests" (or a bare 204 without headers).
 */
export function useCorsPreflightHint(origins: string[] | '*' | undefined): Plugin {
  return {
    // On the answer, since yoga's own CORS handling answers a preflight before any plugin's onRequest.
    onResponse({ request, setResponse, fetchAPI }) {
      if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return;
      const origin = request.headers.get('origin');
      if (originAllowed(origins, origin)) return;
      const message = `Cross-origin requests from ${origin ?? 'this origin'} are not allowed: list the origin in the gateway's CORS_ORIGINS setting (comma-separated, e.g. CORS_ORIGINS=https://console.example.com), or * for any origin without credentials.`;
      setResponse(
        new fetchAPI.Response(
          JSON.stringify({ errors: [{ message, extensions: { code: 'CORS_ORIGIN_NOT_ALLOWED' } }] }),
          {
            status: 403,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          },
        ),
      );
    },
  };
}
