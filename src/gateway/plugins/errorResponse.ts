// The body of every answer the gateway gives before GraphQL runs (a refused request, a path it does
// not serve): the GraphQL error shape, so a client reads `errors[0].extensions.code` everywhere.
import type { GatewayErrorCode } from '../../errors/codes.ts';

export function errorResponse(
  fetchAPI: { Response: typeof Response },
  status: number,
  code: GatewayErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
