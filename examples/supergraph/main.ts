// `npm run supergraph`: the example supergraph for a person to try in the router's GraphiQL. The
// emulator (built-in org), the gateway as a subgraph (FEDERATION), the teams subgraph (each of four
// teams owning some of the org's policies) and Hive Gateway over both, on 127.0.0.1; the router on
// ROUTER_PORT (default 4100), the others on free ports. Ctrl-C stops all four.
import { startEmulator } from 'policy-service-emulator';
import { createLogger } from '../../src/gateway/logger.ts';
import { startGateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { startRouter } from './router.ts';
import { startTeamsSubgraph, type Team } from './teams.ts';

const TOKEN = process.env.EMULATOR_TOKEN ?? 'supergraph-dev-token';
const TEAM_NAMES = ['Identity', 'Workforce', 'Customer access', 'Security operations'];

const emulator = await startEmulator({ port: 0, token: TOKEN });
const upstream = new UpstreamClient({ baseUrl: emulator.url });
const gateway = await startGateway({
  port: 0,
  upstream,
  federation: true,
  logger: createLogger({ level: 'warn', format: 'json' }),
});
// Every policy of the org, dealt out to the teams in turn.
const ids: string[] = [];
for (const type of ['PLATFORM_SIGN_ON', 'PASSWORD', 'MFA_ENROLL', 'ACCESS_POLICY', 'PROFILE_ENROLLMENT']) {
  const response = await fetch(`${emulator.url}/api/v1/policies?type=${type}`, {
    headers: { authorization: `SSWS ${TOKEN}`, accept: 'application/json' },
  });
  if (response.ok) ids.push(...((await response.json()) as { id: string }[]).map((p) => p.id));
}
const teams: Team[] = TEAM_NAMES.map((name, t) => ({
  id: `team-${t + 1}`,
  name,
  policyIds: ids.filter((_, i) => i % TEAM_NAMES.length === t),
}));
const teamsSubgraph = await startTeamsSubgraph(teams);
const router = await startRouter(
  [
    { name: 'policies', url: `${gateway.url}/graphql` },
    { name: 'teams', url: teamsSubgraph.url },
  ],
  Number(process.env.ROUTER_PORT ?? 4100),
);

console.log(`emulator:         ${emulator.url}/api/v1 (token ${TOKEN})`);
console.log(`policies subgraph: ${gateway.url}/graphql (FEDERATION=1)`);
console.log(`teams subgraph:    ${teamsSubgraph.url}`);
console.log(`router (GraphiQL): ${router.url}`);
console.log(`  header: {"Authorization": "SSWS ${TOKEN}"}`);
console.log(
  '  try: { teams { name policies { id name type viewerCanUpdate ... on PasswordPolicy { rules { name } } } } }',
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await router.close();
  await teamsSubgraph.close();
  await gateway.close(1_000);
  await upstream.close();
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
