// The list operations announce their next page in a `Link: <url>; rel="next"` header; the cursor
// to pass back is that URL's `after` query parameter.
import { POLICY_PAGE_SIZE } from 'policy-service-emulator/contract';

/** Returns the `after` parameter of the rel="next" link, or null when there is no next page. */
export function nextCursorFromLink(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(', ') : header;
  for (const link of splitLinks(value)) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(link);
    if (!match) continue;
    const [, target, params] = match;
    if (!relations(params).includes('next')) continue;
    const after = new URL(target, 'http://upstream.invalid').searchParams.get('after');
    return after === null || after === '' ? null : after;
  }
  return null;
}

/** Splits a Link header into its links; commas inside `<...>` or quoted strings do not split. */
function splitLinks(value: string): string[] {
  const links: string[] = [];
  let current = '';
  let inTarget = false;
  let inQuotes = false;
  for (const ch of value) {
    if (ch === '<' && !inQuotes) inTarget = true;
    else if (ch === '>' && !inQuotes) inTarget = false;
    else if (ch === '"' && !inTarget) inQuotes = !inQuotes;
    if (ch === ',' && !inTarget && !inQuotes) {
      links.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  links.push(current);
  return links;
}

/** The space-separated relation types of a link's `rel` parameter, lower-cased. */
function relations(params: string): string[] {
  const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
  if (!rel) return [];
  return (rel[1] ?? rel[2]).toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The page size asked for when a whole list is wanted (the contract's maximum; a service with a
 * smaller maximum answers with a next link, which is followed).
 */
export const WHOLE_LIST_PAGE_SIZE = POLICY_PAGE_SIZE.maximum;

/** Every item of a list, following its next links: `page(after)` reads one page (`after` undefined: the first). */
export async function everyPage<T>(
  page: (after: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  do {
    const next = await page(after);
    items.push(...next.items);
    after = next.nextCursor ?? undefined;
  } while (after !== undefined);
  return items;
}
