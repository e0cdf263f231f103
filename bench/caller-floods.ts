// `npm run soak:floods`: one caller's floods against the production build (`node dist/main.js`) at
// default settings, over an emulator process serving the built-in org, on loopback. (i) Carol makes a
// keyed create and a plan; then read-only callers (12 API tokens of alice, a READ_ONLY_ADMIN; 2 of
// them for the creates) flood keyed creates with a new key each and plans over 16 connections for `--seconds` (120, the acceptance's 2 minutes), while the
// gateway's RSS is sampled every 100 ms; then carol retries her create (it must replay her one
// policy) and applies her plan (it must apply). (ii) One client address (127.0.0.2) holds 1,100
// sockets trickling their headers, reconnecting as they are cut, while another (127.0.0.1) makes 20
// ordinary requests, one connection each. Prints a Markdown report and writes its "Latest run" to
// docs/reports/attacks.md.
//   npm run soak:floods -- [--seconds 120] [--no-write]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, Pool, request } from 'undici';
import { assertBuilt } from '../test/helpers/built.ts';
import { ALICE, builtInOrgWithTokens } from '../test/helpers/orgTokens.ts';
import { startEmulatorProcess, startGatewayProcess } from './performance/processes.ts';
import { writeLatestRun } from './report.ts';

const REPORT = new URL('../docs/reports/attacks.md', import.meta.url);
const TOKEN = 'flood-carol-token';
const READ_ONLY = Array.from({ length: 12 }, (_, i) => `flood-read-only-${i}`);
const CONNECTIONS = 16;
/** The callers of the keyed creates (the first of READ_ONLY); every one of them plans. */
const CREATORS = 2;
const SLOW_SOCKETS = 1_100;
const RSS_TARGET_MB = 300;

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '120' }, 'no-write': { type: 'boolean', default: false } },
});
const FLOOD_MS = Number(args.seconds) * 1000;

const CREATE = `mutation($input: PolicyInput!, $key: String) {
  createPolicy(input: $input, idempotencyKey: $key) { policy { id } userErrors { code } }
}`;
const PLAN = 'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code } } }';
const APPLY = 'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }';
const NAMED = 'query { policies(type: PASSWORD, q: "CarolIdem") { nodes { id name } } }';
const carolIdem = { type: 'PASSWORD', name: 'CarolIdem' };
const documentOf = (name: string) => ({ version: 1, policies: { PASSWORD: [{ name }] } });

async function gql(pool: Pool | string, auth: string, query: string, variables: Record<string, unknown>) {
  const body = JSON.stringify({ query, variables });
  const headers = { 'content-type': 'application/json', authorization: auth };
  const res =
    typeof pool === 'string'
      ? await request(`${pool}/graphql`, { method: 'POST', headers, body })
      : await pool.request({ path: '/graphql', method: 'POST', headers, body });
  // biome-ignore lint/suspicious/noExplicitAny: an answer read by the bench only
  return (await res.body.json()) as any;
}

async function metric(url: string, name: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .map((line) => line.slice(name.length))
    .join(', ');
}

async function main(): Promise<void> {
  assertBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'floods-'));
  const fixture = join(dir, 'org.json');
  writeFileSync(fixture, JSON.stringify(builtInOrgWithTokens(READ_ONLY.map((token) => ({ token, userId: ALICE })))));
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN, EMULATOR_FIXTURE: fixture });
  const gateway = await startGatewayProcess({ UPSTREAM_URL: emulator.url });
  const carol = `SSWS ${TOKEN}`;
  try {
    // (i) Carol's record and plan, then the floods.
    const created = await gql(gateway.url, carol, CREATE, { input: carolIdem, key: 'carol-1' });
    const carolId: string = created.data.createPolicy.policy.id;
    const planId: string = (await gql(gateway.url, carol, PLAN, { d: documentOf('Carol planned') })).data.planPolicies
      .plan.id;
    const idleMiB = gateway.rssMiB();
    gateway.resetPeak();
    let peakMiB = idleMiB;
    const sampler = setInterval(() => {
      peakMiB = Math.max(peakMiB, gateway.rssMiB());
    }, 100);
    const pool = new Pool(gateway.url, { connections: CONNECTIONS });
    const counts = { creates: 0, plans: 0, failures: 0 };
    const deadline = Date.now() + FLOOD_MS;
    let n = 0;
    console.error(`phase i: ${READ_ONLY.length} read-only callers flood for ${FLOOD_MS / 1000} s`);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        while (Date.now() < deadline) {
          const i = n++;
          // One connection in four plans, as any of the callers; the rest create with a new key each,
          // as two of them (so that each passes its own budget of records within the run).
          const plans = c % 4 === 0;
          const auth = `SSWS ${READ_ONLY[i % (plans ? READ_ONLY.length : CREATORS)]}`;
          try {
            if (plans) {
              await gql(pool, auth, PLAN, { d: documentOf(`Flood ${i}`) });
              counts.plans++;
            } else {
              await gql(pool, auth, CREATE, { input: { type: 'PASSWORD', name: `Flood ${i}` }, key: `flood-${i}` });
              counts.creates++;
            }
          } catch {
            counts.failures++;
          }
        }
      }),
    );
    clearInterval(sampler);
    await pool.close();
    peakMiB = Math.max(peakMiB, gateway.peakMiB());
    const endMiB = gateway.rssMiB();
    const retry = await gql(gateway.url, carol, CREATE, { input: carolIdem, key: 'carol-1' });
    const replayed = retry.data?.createPolicy?.policy?.id === carolId;
    const named = (await gql(gateway.url, carol, NAMED, {})).data.policies.nodes.filter(
      (p: { name: string }) => p.name === 'CarolIdem',
    ).length;
    const applied = await gql(gateway.url, carol, APPLY, { id: planId });
    const planApplied = applied.data?.applyPolicies?.userErrors?.length === 0;
    const records = await metric(gateway.url, 'gateway_idempotency_records_evicted_total');
    const plans = await metric(gateway.url, 'gateway_policy_plans_evicted_total');

    // (ii) 1,100 slow sockets from 127.0.0.2 beside 20 ordinary requests from 127.0.0.1.
    console.error(`phase ii: ${SLOW_SOCKETS} slow sockets from 127.0.0.2, 20 ordinary requests from 127.0.0.1`);
    const { hostname, port } = new URL(gateway.url);
    const slow = new Set<Socket>();
    let slowStop = false;
    const slowStats = { opened: 0, refused: 0 };
    const openSlow = () => {
      if (slowStop) return;
      const socket = connect({ host: hostname, port: Number(port), localAddress: '127.0.0.2' });
      slow.add(socket);
      slowStats.opened++;
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('error', () => undefined);
      socket.once('connect', () => socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`));
      const trickle = setInterval(() => socket.write('X-Slow: a\r\n'), 2_000);
      socket.once('close', () => {
        clearInterval(trickle);
        slow.delete(socket);
        if (answer.includes('TOO_MANY_CONNECTIONS')) slowStats.refused++;
        // Cut: it comes back, as a slowloris does (when refused, after the Retry-After second).
        setTimeout(openSlow, answer.includes('TOO_MANY_CONNECTIONS') ? 1_000 : 100);
      });
    };
    for (let i = 0; i < SLOW_SOCKETS; i++) openSlow();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    let served = 0;
    for (let i = 0; i < 20; i++) {
      const agent = new Agent({ connect: { localAddress: '127.0.0.1', timeout: 2_000 }, headersTimeout: 5_000 });
      try {
        const res = await request(`${gateway.url}/graphql`, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json', authorization: carol },
          body: JSON.stringify({ query: '{ policies(type: PASSWORD) { nodes { id } } }' }),
        });
        const text = await res.body.text();
        if (res.statusCode === 200 && text.includes('"nodes"')) served++;
      } catch {
        // not served
      } finally {
        await agent.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    slowStop = true;
    for (const socket of slow) socket.destroy();

    const seconds = FLOOD_MS / 1000;
    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const run = `### Latest run

${new Date().toISOString().slice(0, 10)}, \`npm run soak:floods\` (${seconds} s of floods), default settings, 2 shared cores.

| Target | Measured | |
|---|---|---|
| Peak RSS < ${RSS_TARGET_MB} MB during a flood of keyed creates and plans | ${Math.round(peakMiB)} MiB peak (idle ${Math.round(idleMiB)} MiB, ${Math.round(endMiB)} MiB at the end) | ${verdict(peakMiB * 1024 * 1024 < RSS_TARGET_MB * 1e6)} |
| Carol's retry replays her policy, one in the org | ${replayed ? 'replayed' : 'not replayed'}; ${named} "CarolIdem" | ${verdict(replayed && named === 1)} |
| Carol's plan applies | ${planApplied ? 'applied' : JSON.stringify(applied.data?.applyPolicies ?? applied.errors)} | ${verdict(planApplied)} |
| Another address served ≥ 19 of 20 beside ${SLOW_SOCKETS} slow sockets | ${served} of 20 | ${verdict(served >= 19)} |

The floods: ${counts.creates.toLocaleString('en')} keyed creates by ${CREATORS} read-only callers (each refused, \`ACCESS_DENIED\`, and kept as its
caller's record) and ${counts.plans.toLocaleString('en')} plans by ${READ_ONLY.length} over ${CONNECTIONS} connections
(${Math.round((counts.creates + counts.plans) / seconds)} requests/s, ${counts.failures} failed). Evicted: records ${records || 'none'}; plans ${plans || 'none'}.
The slow client opened ${slowStats.opened.toLocaleString('en')} sockets in all (reconnecting as they were cut); ${slowStats.refused.toLocaleString('en')}
were answered \`TOO_MANY_CONNECTIONS\` at once.
`;
    console.log(run);
    if (!args['no-write']) {
      writeLatestRun('## Caller floods', '### Latest run', run, REPORT, '# Attacks');
    }
  } finally {
    await gateway.stop();
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
