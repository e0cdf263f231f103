// Listing policies: the required type, the status / q / sortBy filters, page size defaults and
// clamping, cursor pagination through `Link: <...>; rel="next"`, and `expand=rules` on get (classic).
import { describe, expect, it } from 'vitest';
import { expectValidationCause, useEmulator, type RestResponse } from '../helpers/emulator.ts';

const emu = useEmulator();

interface Listed {
  id: string;
  name: string;
  priority: number;
  status: string;
  system: boolean;
}

/** The targets of a Link header, keyed by rel. */
function linksOf(res: RestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (res.headers.get('link') ?? '').matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)) out[m[2]] = m[1];
  return out;
}

/** Follows rel="next" from `path` until the listing is exhausted; returns every page. */
async function allPages(path: string): Promise<Listed[][]> {
  const pages: Listed[][] = [];
  let next: string | undefined = path;
  while (next) {
    const res: RestResponse<Listed[]> = await emu().call('GET', next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    const target: string | undefined = linksOf(res).next;
    if (target) expect(target.startsWith(`${emu().url}/api/v1/policies?`)).toBe(true);
    next = target?.slice(emu().url.length);
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

async function createMany(
  count: number,
  type: string,
  name: (i: number) => string,
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  for (let i = 0; i < count; i++) {
    const res = await emu().call('POST', '/api/v1/policies', { type, name: name(i), ...extra(i) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
const names = (items: Listed[]) => items.map((p) => p.name);

describe('query parameters', () => {
  it('requires type', async () => {
    expectValidationCause(await emu().call('GET', '/api/v1/policies'), 'type');
    expectValidationCause(await emu().call('GET', '/api/v1/policies?type='), 'type');
    expectValidationCause(await emu().call('GET', '/api/v1/policies?type=NOT_A_TYPE'), 'type');
  });

  it('lists only policies of the requested type, in priority order', async () => {
    await createMany(
      3,
      'PASSWORD',
      (i) => `P${i}`,
      (i) => (i === 2 ? { priority: 1 } : {}),
    );
    await createMany(1, 'PLATFORM_SIGN_ON', () => 'Session');
    const res = await emu().call('GET', '/api/v1/policies?type=PASSWORD');
    expect(res.body.every((p: { type: string }) => p.type === 'PASSWORD')).toBe(true);
    expect(names(res.body)).toEqual(['P2', 'P0', 'P1', 'Default Policy']);
    expect(res.body.map((p: Listed) => p.priority)).toEqual([1, 2, 3, 4]);
  });

  it('filters by status', async () => {
    await createMany(
      4,
      'PASSWORD',
      (i) => `S${i}`,
      (i) => ({ status: i % 2 ? 'INACTIVE' : 'ACTIVE' }),
    );
    const inactive = await emu().call('GET', '/api/v1/policies?type=PASSWORD&status=INACTIVE');
    expect(names(inactive.body)).toEqual(['S1', 'S3']);
    const active = await emu().call('GET', '/api/v1/policies?type=PASSWORD&status=ACTIVE');
    expect(names(active.body)).toEqual(['S0', 'S2', 'Default Policy']);
    expectValidationCause(await emu().call('GET', '/api/v1/policies?type=PASSWORD&status=ASLEEP'), 'status');
  });

  it('filters by name prefix with q (case-insensitive, prefix only)', async () => {
    for (const name of ['Alpha one', 'alpha two', 'Beta', 'The Alpha']) {
      await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name });
    }
    expect(names((await emu().call('GET', '/api/v1/policies?type=PASSWORD&q=Alpha')).body)).toEqual([
      'Alpha one',
      'alpha two',
    ]);
    expect(names((await emu().call('GET', '/api/v1/policies?type=PASSWORD&q=ALPHA%20T')).body)).toEqual(['alpha two']);
    expect(names((await emu().call('GET', '/api/v1/policies?type=PASSWORD&q=lpha')).body)).toEqual([]);
    expect(names((await emu().call('GET', '/api/v1/policies?type=PASSWORD&q=Default')).body)).toEqual([
      'Default Policy',
    ]);
  });

  it('sorts by name ascending with sortBy=name, and refuses other sort keys', async () => {
    for (const name of ['Mango', 'apple', 'Zucchini', 'banana']) {
      await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name });
    }
    const sorted = await emu().call('GET', '/api/v1/policies?type=PASSWORD&sortBy=name');
    expect(names(sorted.body)).toEqual(['apple', 'banana', 'Default Policy', 'Mango', 'Zucchini']);
    // Priorities are still the policies' own, not positions in the sorted list.
    expect(sorted.body.find((p: Listed) => p.name === 'Default Policy').priority).toBe(5);
    expectValidationCause(await emu().call('GET', '/api/v1/policies?type=PASSWORD&sortBy=priority'), 'sortBy');
  });

  it('refuses a limit that is not a positive whole number', async () => {
    for (const limit of ['0', '-5', 'ten', '2.5', '']) {
      expectValidationCause(await emu().call('GET', `/api/v1/policies?type=PASSWORD&limit=${limit}`), 'limit');
    }
  });

  it('refuses an unknown cursor', async () => {
    expectValidationCause(await emu().call('GET', '/api/v1/policies?type=PASSWORD&after=00pnotinthislist'), 'after');
  });
});

describe('pages', () => {
  it('pages 20 policies by default and announces the next page in the Link header', async () => {
    await createMany(24, 'PASSWORD', (i) => `Page ${String(i).padStart(2, '0')}`);
    const first = await emu().call('GET', '/api/v1/policies?type=PASSWORD');
    expect(first.body).toHaveLength(20);
    const links = linksOf(first);
    expect(links.next).toBeDefined();
    const nextUrl = new URL(links.next);
    expect(nextUrl.searchParams.get('type')).toBe('PASSWORD');
    expect(nextUrl.searchParams.get('after')).toBe(first.body[19].id);
    const second = await emu().call('GET', links.next.slice(emu().url.length));
    expect(second.body).toHaveLength(5);
    expect(linksOf(second).next).toBeUndefined();
    expect(second.body[4].system).toBe(true);
  });

  it('announces no next page when everything fits', async () => {
    await createMany(19, 'PASSWORD', (i) => `Fits ${i}`);
    const res = await emu().call('GET', '/api/v1/policies?type=PASSWORD');
    expect(res.body).toHaveLength(20);
    expect(linksOf(res).next).toBeUndefined();
  });

  it('walks every page with rel="next" until exhausted, seeing every policy exactly once in order', async () => {
    await createMany(30, 'PASSWORD', (i) => `Walk ${String(i).padStart(2, '0')}`);
    const everything = (await emu().call('GET', '/api/v1/policies?type=PASSWORD&limit=200')).body as Listed[];
    expect(everything).toHaveLength(31);
    const pages = await allPages('/api/v1/policies?type=PASSWORD&limit=7');
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 3]);
    const seen = pages.flat().map((p) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(everything.map((p) => p.id));
  });

  it('keeps the filters and the sort across pages', async () => {
    await createMany(
      15,
      'PASSWORD',
      (i) => `${i % 3 === 0 ? 'Other' : 'Kept'} ${String(14 - i).padStart(2, '0')}`,
      (i) => ({ status: i % 5 === 4 ? 'INACTIVE' : 'ACTIVE' }),
    );
    const query = 'type=PASSWORD&status=ACTIVE&q=kept&sortBy=name';
    const expected = (await emu().call('GET', `/api/v1/policies?${query}&limit=200`)).body as Listed[];
    expect(expected.length).toBeGreaterThan(4);
    expect(expected.every((p) => p.status === 'ACTIVE' && p.name.startsWith('Kept'))).toBe(true);
    expect(names(expected)).toEqual([...names(expected)].sort());
    const pages = await allPages(`/api/v1/policies?${query}&limit=2`);
    expect(pages.flat().map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  it('clamps a limit above the maximum of 200 instead of refusing it', async () => {
    await createMany(205, 'PLATFORM_SIGN_ON', (i) => `Many ${i}`);
    const res = await emu().call('GET', '/api/v1/policies?type=PLATFORM_SIGN_ON&limit=1000');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(200);
    const next = linksOf(res).next;
    expect(new URL(next).searchParams.get('limit')).toBe('200');
    const rest = await emu().call('GET', next.slice(emu().url.length));
    expect(rest.body).toHaveLength(6);
    expect(linksOf(rest).next).toBeUndefined();
  });
});

describe('cursors whose policy left the listing', () => {
  /** The ids of one page and its next link's path. */
  async function page(path: string): Promise<{ ids: string[]; next?: string; self?: string }> {
    const res = await emu().call('GET', path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const links = linksOf(res);
    return { ids: res.body.map((p: Listed) => p.id), next: links.next?.slice(emu().url.length), self: links.self };
  }

  it('page, delete its policies, follow next: the loop deletes every policy and stops', async () => {
    await createMany(7, 'PASSWORD', (i) => `Clean ${i}`);
    const deleted: string[] = [];
    let next: string | undefined = '/api/v1/policies?type=PASSWORD&limit=2';
    while (next) {
      const current = await page(next);
      for (const id of current.ids) {
        if ((await emu().call('DELETE', `/api/v1/policies/${id}`)).status === 204) deleted.push(id);
      }
      next = current.next;
      expect(deleted.length).toBeLessThan(20);
    }
    expect(deleted).toHaveLength(7);
    const left = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body as Listed[];
    expect(left.map((p) => p.system)).toEqual([true]);
  });

  it('goes on after where a deleted policy was, also when the policies above it were deleted too', async () => {
    await createMany(6, 'PASSWORD', (i) => `Kept ${i}`);
    const all = (await page('/api/v1/policies?type=PASSWORD&limit=200')).ids;
    const first = await page('/api/v1/policies?type=PASSWORD&limit=3');
    // Only the cursor's own policy goes: the rest of the order is unchanged.
    await emu().call('DELETE', `/api/v1/policies/${first.ids[2]}`);
    expect((await page(first.next!)).ids).toEqual(all.slice(3, 6));
    // Then the ones above it: the cursor leads to the start of what is left.
    await emu().call('DELETE', `/api/v1/policies/${first.ids[1]}`);
    await emu().call('DELETE', `/api/v1/policies/${first.ids[0]}`);
    expect((await page(first.next!)).ids).toEqual(all.slice(3, 6));
  });

  it('goes on after a policy that left a status filter, by priority and by name', async () => {
    await createMany(6, 'PASSWORD', (i) => `Status ${i}`);
    for (const sort of ['', '&sortBy=name']) {
      const path = `/api/v1/policies?type=PASSWORD&status=ACTIVE${sort}`;
      const all = (await page(`${path}&limit=200`)).ids;
      const first = await page(`${path}&limit=2`);
      await emu().call('POST', `/api/v1/policies/${first.ids[1]}/lifecycle/deactivate`);
      expect((await page(first.next!)).ids).toEqual(all.slice(2, 4));
      await emu().call('POST', `/api/v1/policies/${first.ids[1]}/lifecycle/activate`);
    }
  });

  it('goes on after where a deleted policy was in name order', async () => {
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo']) {
      await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name });
    }
    const first = await page('/api/v1/policies?type=PASSWORD&sortBy=name&limit=2');
    for (const id of first.ids) await emu().call('DELETE', `/api/v1/policies/${id}`);
    const second = (await emu().call('GET', first.next!)).body as Listed[];
    expect(names(second)).toEqual(['Charlie', 'Default Policy']);
  });

  it('still refuses an id that was never a policy of this type', async () => {
    const other = (await emu().call('POST', '/api/v1/policies', { type: 'OKTA_SIGN_ON', name: 'Other type' })).body;
    expectValidationCause(await emu().call('GET', `/api/v1/policies?type=PASSWORD&after=${other.id}`), 'after');
    await emu().call('DELETE', `/api/v1/policies/${other.id}`);
    expectValidationCause(await emu().call('GET', `/api/v1/policies?type=PASSWORD&after=${other.id}`), 'after');
  });

  it('the self link of every page is that page, with its cursor', async () => {
    await createMany(4, 'PASSWORD', (i) => `Self ${i}`);
    const first = await page('/api/v1/policies?type=PASSWORD&limit=2');
    expect(new URL(first.self!).searchParams.get('after')).toBeNull();
    const second = await page(first.next!);
    const self = new URL(second.self!);
    expect(self.searchParams.get('after')).toBe(first.ids[1]);
    expect((await page(self.pathname + self.search)).ids).toEqual(second.ids);
  });
});

describe('expand=rules (classic only)', () => {
  // "Get a policy with rules (classic only)"; the identity engine's refusal is in spec-rules.test.ts.
  const classic = useEmulator({ engine: 'CLASSIC' });

  async function policyWithRules(count: number): Promise<string> {
    const p = await classic().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: `Rules ${count}` });
    for (let i = 0; i < count; i++) {
      const r = await classic().call('POST', `/api/v1/policies/${p.body.id}/rules`, {
        type: 'PASSWORD',
        name: `R${i}`,
      });
      expect(r.status).toBe(200);
    }
    return p.body.id;
  }

  it('embeds the rules, in priority order and in their full shape', async () => {
    const id = await policyWithRules(3);
    const res = await classic().call('GET', `/api/v1/policies/${id}?expand=rules`);
    expect(res.status).toBe(200);
    const rules = (await classic().call('GET', `/api/v1/policies/${id}/rules`)).body;
    expect(res.body._embedded.rules).toEqual(rules);
    expect(res.body._embedded.rules.map((r: { name: string }) => r.name)).toEqual(['R0', 'R1', 'R2']);
  });

  it('embeds nothing without expand', async () => {
    const id = await policyWithRules(1);
    expect((await classic().call('GET', `/api/v1/policies/${id}`)).body._embedded).toBeUndefined();
  });

  it('embeds an empty list for a policy without rules', async () => {
    const id = await policyWithRules(0);
    expect((await classic().call('GET', `/api/v1/policies/${id}?expand=rules`)).body._embedded).toEqual({ rules: [] });
  });

  it('embeds up to 20 rules and answers an error for more', async () => {
    const id = await policyWithRules(20);
    const twenty = await classic().call('GET', `/api/v1/policies/${id}?expand=rules`);
    expect(twenty.status).toBe(200);
    expect(twenty.body._embedded.rules).toHaveLength(20);
    await classic().call('POST', `/api/v1/policies/${id}/rules`, { type: 'PASSWORD', name: 'one too many' });
    expectValidationCause(await classic().call('GET', `/api/v1/policies/${id}?expand=rules`), 'expand');
    // Without expand the policy is still readable, and the rules listing is not limited.
    expect((await classic().call('GET', `/api/v1/policies/${id}`)).status).toBe(200);
    expect((await classic().call('GET', `/api/v1/policies/${id}/rules`)).body).toHaveLength(21);
  });

  it('counts the default rule toward the 20', async () => {
    const def = (await classic().call('GET', '/api/v1/policies?type=PASSWORD')).body[0];
    for (let i = 0; i < 20; i++)
      await classic().call('POST', `/api/v1/policies/${def.id}/rules`, { type: 'PASSWORD', name: `D${i}` });
    expectValidationCause(await classic().call('GET', `/api/v1/policies/${def.id}?expand=rules`), 'expand');
  });

  it('refuses other expand values', async () => {
    const id = await policyWithRules(0);
    expectValidationCause(await classic().call('GET', `/api/v1/policies/${id}?expand=apps`), 'expand');
  });
});
