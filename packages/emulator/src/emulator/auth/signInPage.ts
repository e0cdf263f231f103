// The sign-in page of the authorization code flow and the page for a request that cannot be sent
// back to the client: plain HTML, no script, every echoed value escaped. It may not be framed by
// another site (clickjacking) and is never cached.
import type { ServerResponse } from 'node:http';

export const SIGN_IN_PATH = '/oauth2/v1/authorize/sign-in';

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export interface SignInView {
  transaction: string;
  clientName: string;
  /** The login typed last time (after a wrong password). */
  login?: string;
  error?: string;
}

/** `status`: 429 when the attempt was throttled, with `retryAfter` seconds. */
export function sendSignInPage(
  res: ServerResponse,
  view: SignInView,
  o: { status?: number; retryAfter?: number } = {},
): void {
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>\n` : '';
  const html = page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to ${escapeHtml(view.clientName)}</p>
${error}<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="transaction" value="${escapeHtml(view.transaction)}">
<label for="login">Username</label>
<input id="login" name="login" type="text" autocomplete="username" required value="${escapeHtml(view.login ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
  const retry = o.retryAfter === undefined ? {} : { 'retry-after': String(Math.max(1, o.retryAfter)) };
  res.writeHead(o.status ?? 200, { ...HEADERS, ...retry, 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

/** A request that cannot be answered by a redirect (unknown client, unregistered redirect_uri, lost sign-in). */
export function sendErrorPage(res: ServerResponse, status: number, error: string, description: string): void {
  const html = page(
    'Sign-in error',
    `<h1>Sign-in error</h1>\n<p><code>${escapeHtml(error)}</code></p>\n<p>${escapeHtml(description)}</p>`,
  );
  res.writeHead(status, { ...HEADERS, 'content-length': Buffer.byteLength(html) });
  res.end(html);
}
