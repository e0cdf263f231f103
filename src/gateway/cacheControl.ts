// A GraphQL request's `Cache-Control: no-cache` (or `max-age=0`, or `no-store`): the client wants the
// service's own answers, so no read of its operation is answered from the read cache (its fresh
// answers still refresh the cache for the next reader).
const FRESH_DIRECTIVE = /(?:^|,)\s*(?:no-cache|no-store|max-age\s*=\s*"?0+"?)\s*(?:,|$)/i;

export function wantsFreshData(cacheControl: string | null): boolean {
  return cacheControl !== null && FRESH_DIRECTIVE.test(cacheControl);
}
