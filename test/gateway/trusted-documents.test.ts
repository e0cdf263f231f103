// Trusted documents (TRUSTED_DOCUMENTS): a manifest's documents run by `documentId` (bare or
// `sha256:`-prefixed) and by Apollo's persisted-query hash, by POST and GET; a document sent whole,
// an unknown id and a trusted document over the cost limits are refused with their codes before any
// upstream call; who may still send arbitrary documents; the manifest checked at start; each
// document's worst case on /metrics and in `npm run documents:check`.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/gateway/schema.ts';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { TrustedDocumentsError } from '../../src/gateway/trustedDocuments.ts';
import { checkDocuments } from '../../src/tools/documentsCheck.ts';
import { variableAttack } from '../helpers/consoleOperations.ts';
import { countFromNow, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const USER_TYPES = 'query UserTypes { userTypes { id name } }';
const ATTACK = variableAttack(50);
const MANIFEST = { [`sha256:${sha256(USER_TYPES)}`]: USER_TYPES, [sha256(ATTACK.query)]: ATTACK.query };
const AUTH = `SSWS ${TOKEN}`;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let upstream: TestUpstream;
const gateways: RunningGateway[] = [];
let closed: RunningGateway;

async function gatewayWith(options: Parameters<typeof startTestGateway>[1]): Promise<RunningGateway> {
  const gateway = await startTestGateway(upstream.client, options);
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  upstream = await startTestUpstream();
  closed = await gatewayWith({ trustedDocuments: { manifest: MANIFEST } });
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  await upstream?.close();
});
beforeEach(() => upstream.client.invalidateCache());

async function post(gateway: RunningGateway, body: unknown, authorization = AUTH) {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function get(gateway: RunningGateway, params: Record<string, string>) {
  const response = await fetch(`${gateway.url}/graphql?${new URLSearchParams(params)}`, {
    headers: { accept: 'application/json', authorization: AUTH },
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('with TRUSTED_DOCUMENTS', () => {
  it('runs a trusted document by documentId, bare or sha256:-prefixed, by POST and GET', async () => {
    const id = sha256(USER_TYPES);
    for (const answer of [
      await post(closed, { documentId: id }),
      await post(closed, { documentId: `sha256:${id}` }),
      await get(closed, { documentId: `sha256:${id}` }),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.userTypes.map((t: { name: string }) => t.name)).toContain('user');
    }
  });

  it("runs a trusted document by Apollo's persisted-query extension, by POST and GET", async () => {
    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(USER_TYPES) } };
    for (const answer of [
      await post(closed, { extensions }),
      await get(closed, { extensions: JSON.stringify(extensions) }),
    ]) {
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.userTypes.length).toBeGreaterThan(0);
    }
  });

  it('refuses a document sent whole, an unknown id and a trusted document over the limits, with no upstream call', async () => {
    const calls = countFromNow(upstream.emulator);
    const whole = await post(closed, { query: USER_TYPES });
    expect(whole.status).toBe(400);
    expect(whole.body.errors.map((e: any) => e.extensions.code)).toEqual(['PERSISTED_QUERY_ID_REQUIRED']);
    const unknown = await post(closed, { documentId: sha256('{ userTypes { id } }') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors.map((e: any) => e.extensions.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    const unknownByGet = await get(closed, { documentId: 'sha256:0000' });
    expect(unknownByGet.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const none = await post(closed, { variables: {} });
    expect(none.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
    const over = await post(closed, { documentId: sha256(ATTACK.query), variables: ATTACK.variables });
    expect(over.body.errors.map((e: any) => e.extensions.code)).toEqual(['COST_LIMIT_EXCEEDED']);
    expect(over.body.data).toBeUndefined();
    expect(calls().total).toBe(0);
  });

  it('reports each trusted operation’s worst-case estimate on /metrics', async () => {
    const text = await (await fetch(`${closed.url}/metrics`)).text();
    const id = sha256(USER_TYPES);
    expect(text).toContain(`gateway_trusted_document_cost{document="${id}",operation="UserTypes",measure="calls"} 1`);
    const attack = new RegExp(
      `gateway_trusted_document_cost\\{document="${sha256(ATTACK.query)}",operation="Pages",measure="size"\\} (\\d+)`,
    ).exec(text);
    expect(Number(attack?.[1])).toBeGreaterThan(350_000);
  });

  it('lets the credentials TRUSTED_DOCUMENTS_ALLOW_ARBITRARY names send any document, and no one else', async () => {
    const admin = 'SSWS admin-tool-token';
    const digest = sha256(admin);
    const gateway = await gatewayWith({ trustedDocuments: { manifest: MANIFEST, allowArbitrary: [digest] } });
    const calls = countFromNow(upstream.emulator);
    const other = await post(gateway, { query: USER_TYPES });
    expect(other.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
    expect(calls().total).toBe(0);
    // The admin's document runs (the emulator refuses its token: the document got as far as upstream).
    const adminAnswer = await post(gateway, { query: '{ userTypes { id } }' }, admin);
    expect(adminAnswer.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const open = await gatewayWith({ trustedDocuments: { manifest: MANIFEST, allowArbitrary: 'all' } });
    const any = await post(open, { query: '{ userTypes { id } }' });
    expect(any.body.errors).toBeUndefined();
  });

  it('stops the start on a document that does not validate, naming it', async () => {
    await expect(
      startTestGateway(upstream.client, { trustedDocuments: { manifest: { bad: '{ userTypes { nope } }' } } }),
    ).rejects.toThrow(TrustedDocumentsError);
    await expect(
      startTestGateway(upstream.client, { trustedDocuments: { manifest: { bad: '{ userTypes { nope } }' } } }),
    ).rejects.toThrow(/document "bad" does not validate.*nope/);
  });
});

describe('with TRUSTED_DOCUMENTS and FEDERATION', () => {
  const ENTITIES = 'query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Policy { id name } } }';

  it('runs the router’s own documents sent whole, _service and _entities alone, and refuses any other', async () => {
    const gateway = await gatewayWith({
      schema: buildSchema({ federation: true }),
      trustedDocuments: { manifest: MANIFEST },
    });
    const sdl = await post(gateway, { query: '{ _service { sdl } }' }, '');
    expect(sdl.body.data._service.sdl).toContain('@key(fields: "id")');
    const policy = (await upstream.emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body[0];
    const entities = await post(gateway, {
      query: ENTITIES,
      variables: { r: [{ __typename: 'Policy', id: policy.id }] },
    });
    expect(entities.body.errors).toBeUndefined();
    expect(entities.body.data._entities).toEqual([{ __typename: 'PasswordPolicy', id: policy.id, name: policy.name }]);
    // A trusted document still runs by its id.
    const byId = await post(gateway, { documentId: sha256(USER_TYPES) });
    expect(byId.body.errors).toBeUndefined();

    const calls = countFromNow(upstream.emulator);
    const refused = [
      USER_TYPES,
      // _entities beside another root field, written out or in a fragment on Query.
      'query($r: [_Any!]!) { _entities(representations: $r) { __typename } userTypes { id } }',
      'query($r: [_Any!]!) { ...Both } fragment Both on Query { _entities(representations: $r) { __typename } userTypes { id } }',
      'query($r: [_Any!]!) { _entities(representations: $r) { __typename } ... on Query { userTypes { id } } }',
      // A second operation that is not the protocol's.
      `${ENTITIES} query Other { userTypes { id } }`,
    ];
    for (const query of refused) {
      const answer = await post(gateway, { query, variables: { r: [{ __typename: 'Policy', id: policy.id }] } });
      expect(answer.status, query).toBe(400);
      expect(
        answer.body.errors.map((e: any) => e.extensions.code),
        query,
      ).toEqual(['PERSISTED_QUERY_ID_REQUIRED']);
    }
    expect(calls().total).toBe(0);
  });

  it('without FEDERATION, an _entities document is a document like any other: refused', async () => {
    const answer = await post(closed, { query: ENTITIES, variables: { r: [] } });
    expect(answer.body.errors.map((e: any) => e.extensions.code)).toEqual(['PERSISTED_QUERY_ID_REQUIRED']);
  });
});

describe('without TRUSTED_DOCUMENTS', () => {
  it('runs any document and knows no documentId', async () => {
    const gateway = await gatewayWith({});
    const answer = await post(gateway, { query: USER_TYPES });
    expect(answer.body.errors).toBeUndefined();
    const named = await post(gateway, { documentId: sha256(USER_TYPES) });
    expect(named.status).toBe(400);
  });
});

describe('npm run documents:check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'documents-check-'));
  const within = join(dir, 'within.json');
  const over = join(dir, 'over.json');
  writeFileSync(within, JSON.stringify({ [sha256(USER_TYPES)]: USER_TYPES }));
  writeFileSync(over, JSON.stringify(MANIFEST));

  it('prints each operation’s calls and size against the limits', () => {
    const report = checkDocuments(over);
    expect(report.withinLimits).toBe(false);
    expect(report.text).toMatch(/UserTypes\s+1\s+\d+\s+250 calls \/ 350000\s+ok/);
    expect(report.text).toMatch(/Pages\s+50\s+\d{6,}\s+250 calls \/ 350000\s+OVER/);
    expect(checkDocuments(within).withinLimits).toBe(true);
  });

  // One process, since it is the slow part: the exit code a frontend's CI reads (0 within the limits is checked above).
  it('exits non-zero for a manifest with an over-limit document, printing its figures', async () => {
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--conditions=emulator-source', 'src/tools/documentsCheck.ts', over],
        { cwd: ROOT },
        (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }),
      ),
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/Pages\s+50\s+\d{6,}\s+250 calls \/ 350000\s+OVER/);
    expect(stdout).toContain('1 of 2 operations over the limits');
  });
});
