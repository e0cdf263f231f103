// One page of a directory list (`limit`, `after` the id ending the previous page) with the
// platform's `Link` header: `self`, and `next` while another page exists.
import { DIRECTORY_PAGE_SIZE } from '../../rest/contract/directory.ts';
import { validationFailed } from '../common/errors.ts';
import { ok, type Reply } from './handler.ts';

export function pageOf<T extends { id: string }, W>(
  items: T[],
  base: string,
  path: string,
  query: URLSearchParams,
  toWire: (item: T) => W,
): Reply {
  const limitText = query.get('limit');
  let limit: number = DIRECTORY_PAGE_SIZE.default;
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1)
      throw validationFailed(['limit: must be a positive integer']);
    limit = Math.min(Number(limitText), DIRECTORY_PAGE_SIZE.maximum);
  }
  const after = query.get('after');
  const start = after === null ? 0 : items.findIndex((x) => x.id === after) + 1;
  if (after !== null && start === 0) throw validationFailed([`after: names no object of this list (${after})`]);
  const page = items.slice(start, start + limit);
  const url = (cursor?: string) => {
    const q = new URLSearchParams(query);
    q.set('limit', String(limit));
    if (cursor === undefined) q.delete('after');
    else q.set('after', cursor);
    return `${base}${path}?${q}`;
  };
  const links = [`<${url(after ?? undefined)}>; rel="self"`];
  if (start + limit < items.length) links.push(`<${url(page[page.length - 1].id)}>; rel="next"`);
  return ok(page.map(toWire), { link: links.join(', ') });
}
