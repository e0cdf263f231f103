// Whatever document a client sends, the gateway's bounds hold: generated documents (see
// test/helpers/hostileDocuments.ts) against an org of many policies with many rules, sent to the
// built gateway in its own process with a small MAX_RESPONSE_BYTES. For every document: the request
// returns, the answer is at most MAX_RESPONSE_BYTES, every error carries `extensions.code` (and none
// is an internal error), and the process still answers a trivial query afterwards.
// A fixed seed and count here; `npm run property` (PROPERTY_RUNS, PROPERTY_SEED) runs longer.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useBuiltTree } from '../helpers/built.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { type GatewayProcess, startGatewayProcess } from '../helpers/gatewayProcess.ts';
import { type HostileDocument, hostileDocument, type OrgIds } from '../helpers/hostileDocuments.ts';
import { largeOrgFixture } from '../helpers/largeOrg.ts';

const MAX_RESPONSE_BYTES = 256 * 1024;
const OPERATION_TIMEOUT_MS = 5_000;
/**
 * How long a request may take before it counts as never ending: far past the gateway's own
 * deadline, so only an operation that nothing bounds reaches it.
 */
const NEVER_ENDS_MS = 6 * OPERATION_TIMEOUT_MS;
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
const SEED = Number(process.env.PROPERTY_SEED ?? 25);

const schema = buildSchema(readFileSync(new URL('../../src/generated/schema.graphql', import.meta.url), 'utf8'));

let emulator: TestEmulator;
let gateway: GatewayProcess;
let ids: OrgIds;

useBuiltTree();
beforeAll(async () => {
  emulator = await startTestEmulator({ fixture: largeOrgFixture(21, 20) });
  ids = await orgIds(emulator);
  gateway = await startGatewayProcess(
    {
      UPSTREAM_URL: emulator.url,
      MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES),
      OPERATION_TIMEOUT_MS: String(OPERATION_TIMEOUT_MS),
      // A gateway that holds what it should not fails here quickly, without taking the machine's memory.
      NODE_OPTIONS: '--max-old-space-size=512',
    },
    `SSWS ${TOKEN}`,
  );
});

afterAll(async () => {
  await gateway?.stop();
  await emulator?.close();
});

/** Ids of the org: password policies and their rules, every type's default policy, user types, apps. */
async function orgIds(emu: TestEmulator): Promise<OrgIds> {
  const password = (await emu.call('GET', '/api/v1/policies?type=PASSWORD&limit=200')).body as { id: string }[];
  const defaults = await Promise.all(
    ['PLATFORM_SIGN_ON', 'MFA_ENROLL', 'ACCESS_POLICY'].map(
      async (type) => (await emu.call('GET', `/api/v1/policies?type=${type}`)).body[0].id as string,
    ),
  );
  const rules = await Promise.all(
    password.slice(0, 3).map(async (p) => (await emu.call('GET', `/api/v1/policies/${p.id}/rules`)).body[0].id),
  );
  const userTypes = (await emu.call('GET', '/api/v1/meta/types/user')).body.map((t: { id: string }) => t.id);
  return { policies: [...password.map((p) => p.id), ...defaults], rules, userTypes, apps: ['0oa1portal', '0oa2crm'] };
}

/** What a failure shows: the document (cut short) and the end of the gateway's output. */
function described(document: HostileDocument, outcome: string): string {
  const variables = JSON.stringify(document.variables);
  return [
    `${document.shape} document: ${outcome}`,
    document.query.slice(0, 2_000),
    `variables: ${variables.slice(0, 500)}${variables.length > 500 ? ` … (${variables.length} characters)` : ''}`,
    `gateway output (end): ${gateway.output().slice(-2_000)}`,
  ].join('\n');
}

interface Answered {
  status: number;
  bytes: number;
  body: { data?: unknown; errors?: { message: string; extensions?: { code?: unknown } }[] };
}

async function send(document: HostileDocument): Promise<Answered> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `SSWS ${TOKEN}` },
    body: JSON.stringify({ query: document.query, variables: document.variables }),
    signal: AbortSignal.timeout(NEVER_ENDS_MS),
  });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

it(
  'every generated document ends, within MAX_RESPONSE_BYTES, with coded errors, and the gateway stays up',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        const document = hostileDocument(g, schema, ids);
        const answered = await send(document).catch((error: Error) => error);
        if (answered instanceof Error) {
          const cause = (answered.cause as { code?: string } | undefined)?.code;
          const outcome =
            answered.name === 'TimeoutError'
              ? `did not end in ${NEVER_ENDS_MS} ms`
              : `${answered.message}${cause ? ` (${cause})` : ''}`;
          expect.fail(described(document, outcome));
        }
        const { status, bytes, body } = answered;
        const outcome = `HTTP ${status}, ${bytes} bytes, codes ${JSON.stringify(body.errors?.map((e) => e.extensions?.code))}`;
        expect(bytes, described(document, outcome)).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
        expect(status, described(document, outcome)).not.toBe(500);
        for (const error of body.errors ?? []) {
          expect(typeof error.extensions?.code, described(document, `uncoded error: ${error.message}`)).toBe('string');
          expect(error.extensions?.code, described(document, outcome)).not.toBe('INTERNAL_SERVER_ERROR');
        }
        const after = await gateway.gql('{ userTypes { id } }').catch((error: Error) => ({ error }));
        expect(after, described(document, `then the gateway did not answer: ${JSON.stringify(after)}`)).toMatchObject({
          data: { userTypes: expect.any(Array) },
        });
      }),
      // A failure ends the run: the document is in the message, and shrinking a document that takes
      // the gateway down would start it again for every smaller candidate.
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  },
  RUNS * NEVER_ENDS_MS,
);
