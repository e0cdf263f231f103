// The platform's official Node SDK against the emulator, as a team whose suite already uses it
// would point it there: a group, a user of a new user type, a password policy whose conditions name
// both, read back and cleaned up. Between the two sits a translation of the brand names only: the
// SDK writes `OKTA_…` and `OKTA` values where the emulator (like the spec) writes `PLATFORM_…` and
// `PLATFORM`; nothing else of a request or answer is changed.
import { Client } from '@okta/okta-sdk-nodejs';
import { type Emulator, startEmulator } from 'policy-service-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** One brand word in a JSON string value: `OKTA_GROUP` ↔ `PLATFORM_GROUP`, `OKTA` ↔ `PLATFORM`, `okta:` ↔ `platform:`. */
const TO_EMULATOR: [RegExp, string][] = [
  [/^OKTA(?=_|$)/, 'PLATFORM'],
  [/^okta:/, 'platform:'],
];
const TO_SDK: [RegExp, string][] = [
  [/^PLATFORM(?=_|$)/, 'OKTA'],
  [/^platform:/, 'okta:'],
];

function translate(value: unknown, words: [RegExp, string][]): unknown {
  if (typeof value === 'string') return words.reduce((text, [from, to]) => text.replace(from, to), value);
  if (Array.isArray(value)) return value.map((v) => translate(v, words));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translate(v, words)]));
  }
  return value;
}

const translateText = (text: string, words: [RegExp, string][]) =>
  text === '' ? text : JSON.stringify(translate(JSON.parse(text), words));

interface SdkRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The SDK's request executor: fetch, with the brand words translated in JSON bodies both ways. */
const brandTranslation = {
  async fetch(request: SdkRequest): Promise<Response> {
    const body = typeof request.body === 'string' ? translateText(request.body, TO_EMULATOR) : undefined;
    const res = await fetch(request.url, {
      method: (request.method ?? 'GET').toUpperCase(),
      headers: request.headers,
      body,
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return new Response(res.status === 204 ? null : json ? translateText(text, TO_SDK) : text, {
      status: res.status,
      headers: res.headers,
    });
  },
};

/** What the test reads of a password policy. */
interface PasswordPolicyJson {
  conditions: {
    people: { groups: { include: string[] } };
    authProvider: { provider: string };
    userType?: { include: string[]; exclude: string[] };
  };
  [member: string]: unknown;
}

let emulator: Emulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: 'sdk-token' });
  client = new Client({
    orgUrl: emulator.url,
    token: emulator.token,
    requestExecutor: brandTranslation as never,
    // Every read goes to the emulator (the SDK caches GETs by default).
    cacheMiddleware: null,
  });
});
afterAll(() => emulator?.stop());

describe('the official Node SDK against the emulator', () => {
  it('creates a group, a user of a new user type and a password policy naming both; reads them back; cleans up', async () => {
    const group = await client.groupApi.createGroup({
      group: { profile: { name: 'SDK testers', description: 'Made by the SDK' } },
    });
    expect(group.id).toMatch(/^00g/);
    expect(group.type).toBe('OKTA_GROUP');

    const userType = await client.userTypeApi.createUserType({
      userType: { name: 'SdkContractor', displayName: 'SDK contractor', description: 'Made by the SDK' },
    });
    expect(userType.id).toMatch(/^oty/);

    const user = await client.userApi.createUser({
      body: {
        profile: { firstName: 'Sid', lastName: 'Kay', email: 'sid.kay@example.com', login: 'sid.kay@example.com' },
        type: { id: userType.id! },
        groupIds: [group.id!],
      },
      activate: true,
    });
    expect(user.type?.id).toBe(userType.id);
    expect(user.status).toBe('PROVISIONED');

    const policy = await client.policyApi.createPolicy({
      policy: {
        type: 'PASSWORD',
        name: 'SDK contractor passwords',
        description: 'Made by the SDK',
        conditions: {
          people: { groups: { include: [group.id!] } },
          authProvider: { provider: 'OKTA' },
        },
        settings: { password: { complexity: { minLength: 12 } } },
      } as never,
    });
    expect(policy.id).toMatch(/^00p/);
    // The SDK's password policy conditions have no `userType` member (its serializer drops one), so
    // the user type goes in as the SDK's own HTTP client sends any call: a full replace of the policy.
    const url = `${emulator.url}/api/v1/policies/${policy.id}`;
    const { _links, ...body } = (await client.http.getJson(url)) as unknown as PasswordPolicyJson;
    body.conditions.userType = { include: [userType.id!], exclude: [] };
    await client.http.putJson(url, { body: JSON.stringify(body) });

    // Read back, through the SDK's models and as sent.
    const readGroup = await client.groupApi.getGroup({ groupId: group.id! });
    expect(readGroup.profile?.name).toBe('SDK testers');
    const readUser = await client.userApi.getUser({ userId: user.id! });
    expect([readUser.profile?.login, readUser.type?.id]).toEqual(['sid.kay@example.com', userType.id]);
    const members: string[] = [];
    for await (const member of await client.groupApi.listGroupUsers({ groupId: group.id! })) members.push(member!.id!);
    expect(members).toEqual([user.id]);
    const readPolicy = (await client.policyApi.getPolicy({ policyId: policy.id! })) as unknown as PasswordPolicyJson;
    expect(readPolicy.conditions.people.groups.include).toEqual([group.id]);
    expect(readPolicy.conditions.authProvider.provider).toBe('OKTA');
    const raw = (await client.http.getJson(url)) as unknown as PasswordPolicyJson;
    expect(raw.conditions.userType).toEqual({ include: [userType.id], exclude: [] });
    expect(raw.conditions.authProvider.provider).toBe('OKTA');

    // The user type cannot go while its user exists (403 E0000142).
    await expect(client.userTypeApi.deleteUserType({ typeId: userType.id! })).rejects.toMatchObject({
      status: 403,
      errorCode: 'E0000142',
    });

    // Clean up: the policy, the user (deactivate, then delete), the type, the group.
    await client.policyApi.deletePolicy({ policyId: policy.id! });
    await client.userApi.deactivateUser({ userId: user.id! });
    await client.userApi.deleteUser({ userId: user.id! });
    await client.userTypeApi.deleteUserType({ typeId: userType.id! });
    await client.groupApi.deleteGroup({ groupId: group.id! });
    await expect(client.userApi.getUser({ userId: user.id! })).rejects.toMatchObject({ status: 404 });
    await expect(client.groupApi.getGroup({ groupId: group.id! })).rejects.toMatchObject({ status: 404 });
    await expect(client.policyApi.getPolicy({ policyId: policy.id! })).rejects.toMatchObject({ status: 404 });
  });
});
