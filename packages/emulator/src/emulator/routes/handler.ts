// What a route handler gets and gives back. Handlers are synchronous over the store: the body
// is already read, so a handler's reads and writes cannot interleave with another request's.
import type { MayCall } from '../access/rights.ts';
import type { OrgStore } from '../org/store.ts';
import type { Params } from './router.ts';

export interface HandlerContext {
  store: OrgStore;
  /** The emulator's own base URL, for `_links` and `Link` headers. */
  base: string;
  params: Params;
  query: URLSearchParams;
  body: unknown;
  /** What the caller may call: the `_links` hints name only that. */
  may: MayCall;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: HandlerContext) => Reply;

export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({ status: 200, body, headers });
export const noContent = (): Reply => ({ status: 204 });
