// Which browser origins may call the gateway. None by default; `*` allows any origin but never
// with credentials; a list allows exactly those origins, with credentials.
import type { CORSOptions } from 'graphql-yoga';

type CorsPolicy = CORSOptions | ((request: Request) => CORSOptions);

export function corsPolicy(origins: string[] | '*' | undefined): CorsPolicy {
  if (origins === undefined || (Array.isArray(origins) && origins.length === 0)) return false;
  const common = { methods: ['GET', 'POST'], allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'] };
  if (origins === '*') return { ...common, origin: '*', credentials: false };
  return (request: Request): CORSOptions => {
    const origin = request.headers.get('origin');
    return origin !== null && origins.includes(origin) ? { ...common, origin, credentials: true } : false;
  };
}
