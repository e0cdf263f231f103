// Every HTML page the gateway serves (GraphiQL, its sign-in callback, the home page) refuses to be
// framed by any page: `X-Frame-Options: DENY` and the CSP `frame-ancestors 'none'` (browsers that know
// CSP follow it, older ones the header). A page of another origin framing GraphiQL could otherwise
// make a click run an operation with the token its Headers tab holds (clickjacking).
import type { Plugin } from 'graphql-yoga';

export const FRAME_HEADERS = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
} as const;

export function useNoFraming(): Plugin {
  return {
    onResponse({ response }) {
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
      for (const [name, value] of Object.entries(FRAME_HEADERS)) response.headers.set(name, value);
    },
  };
}
