// The authorization server's stores stay bounded: the expiring map under them (count, bytes,
// expiry from the oldest end), and the org's clients, whose bound registration answers with the
// RFC's error while reads, snapshots and resets go on working.
import { describe, expect, it } from 'vitest';
import { CLIENT_BOUNDS, putClient } from '../../packages/emulator/src/emulator/auth/clientStore.ts';
import { ExpiringMap } from '../../packages/emulator/src/emulator/auth/expiringMap.ts';
import { OrgSnapshots } from '../../packages/emulator/src/emulator/org/snapshots.ts';
import type { OrgData } from '../../packages/emulator/src/emulator/org/store.ts';
import { useEmulator } from '../helpers/emulator.ts';

describe('ExpiringMap', () => {
  it('drops the oldest entries beyond its count and its bytes', () => {
    const map = new ExpiringMap<string, string>({ count: 3, bytes: 100 }, (_k, v) => v.length);
    for (const k of ['a', 'b', 'c', 'd']) map.set(k, 'x'.repeat(10), 1000, 0);
    expect(map.size).toBe(3);
    expect(map.get('a', 0)).toBeUndefined();
    map.set('big', 'y'.repeat(90), 1000, 0);
    expect([map.get('c', 0), map.get('d', 0), map.get('big', 0)]).toEqual([undefined, 'x'.repeat(10), 'y'.repeat(90)]);
    expect(map.bytes).toBe(100);
    expect(map.set('huge', 'z'.repeat(101), 1000, 0)).toBe(false);
  });

  it('forgets expired entries from the oldest end, and a replaced entry moves to the newest end', () => {
    const map = new ExpiringMap<string, number>({ count: 10, bytes: 10_000 });
    map.set('a', 1, 10, 0);
    map.set('b', 2, 20, 0);
    map.set('a', 3, 30, 5);
    expect(map.get('b', 19)).toBe(2);
    expect(map.get('b', 20)).toBeUndefined();
    expect(map.size).toBe(1);
    expect(map.get('a', 29)).toBe(3);
    map.set('c', 4, 100, 30);
    expect(map.size).toBe(1);
  });
});

describe('the org keeps at most CLIENT_BOUNDS clients', () => {
  const emu = useEmulator();

  it('refuses a registration at the bound with invalid_client_metadata, and answers reads and snapshots', async () => {
    const store = emu().store();
    const base = {
      client_name: 'filler',
      application_type: 'browser' as const,
      redirect_uris: ['https://a.example.test/cb'],
      grant_types: ['authorization_code' as const],
      response_types: ['code' as const],
      token_endpoint_auth_method: 'none' as const,
      client_id_issued_at: 0,
    };
    const existing = Object.keys(store.data.oauthClients).length;
    for (let i = existing; i < CLIENT_BOUNDS.count; i++) {
      expect(putClient(store, { ...base, client_id: `filler-${i}` })).toBeUndefined();
    }
    const res = await emu().call('POST', '/oauth2/v1/clients', {
      client_name: 'one more',
      application_type: 'service',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_client_metadata');
    expect(res.body.error_description).toContain(`${CLIENT_BOUNDS.count} clients`);
    const list = await emu().call('GET', '/oauth2/v1/clients');
    expect(list.body).toHaveLength(CLIENT_BOUNDS.count);
    const snapshot = await emu().call('POST', '/__emulator/snapshots');
    expect(snapshot.status).toBe(200);
    const id = list.body[list.body.length - 1].client_id;
    expect((await emu().call('DELETE', `/oauth2/v1/clients/${id}`)).status).toBe(204);
    expect(
      (await emu().call('POST', '/oauth2/v1/clients', { client_name: 'one more', application_type: 'service' })).status,
    ).toBe(201);
  });

  it('refuses a client that would take the clients past their bytes', () => {
    const store = emu().store();
    const big = 'x'.repeat(1900);
    const client = (i: number) => ({
      client_id: `big-${i}`,
      client_name: 'big',
      application_type: 'web' as const,
      redirect_uris: Array.from({ length: 20 }, (_, j) => `https://a.example.test/${j}/${big}`),
      grant_types: ['authorization_code' as const],
      response_types: ['code' as const],
      token_endpoint_auth_method: 'client_secret_basic' as const,
      client_id_issued_at: 0,
    });
    let refused: string | undefined;
    for (let i = 0; i < 1000 && !refused; i++) refused = putClient(store, client(i));
    expect(refused).toContain(`${CLIENT_BOUNDS.bytes} bytes`);
    expect(Buffer.byteLength(JSON.stringify(store.data.oauthClients))).toBeLessThanOrEqual(CLIENT_BOUNDS.bytes);
  });
});

describe('snapshots', () => {
  it('keep at most their bytes together, dropping the oldest (the newest is always kept)', () => {
    const snapshots = new OrgSnapshots(100, 5000);
    const org = (n: number) => ({ policies: { p: { name: 'x'.repeat(n) } } }) as unknown as OrgData;
    const first = snapshots.take(org(1000));
    const second = snapshots.take(org(1000));
    expect(snapshots.ids()).toEqual([first, second]);
    const third = snapshots.take(org(1000));
    expect(snapshots.ids()).toEqual([second, third]);
    const huge = snapshots.take(org(10_000));
    expect(snapshots.ids()).toEqual([huge]);
    expect(snapshots.copy(huge)).toEqual(org(10_000));
  });
});
