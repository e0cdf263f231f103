// `npx tsx --conditions=emulator-source bench/emulator-auth.ts [costs|registrations|authorize|guesses]`:
// what the emulator's authorization server costs, and how it holds under floods. `costs` (the
// default), in one process: the first token (the signing key is made then), client-credentials
// token requests over HTTP, `authenticate` of an API token and of a Bearer access token (the check
// every API request will pass), and one sign-in's password check (scrypt). The floods, each about a
// minute against an emulator in its own process (FLOOD_SECONDS, default 60): `registrations` (40 KB
// bodies, the admin token), `authorize` (unauthenticated, the largest state and nonce), `guesses`
// (1,000 wrong passwords at one person while she signs in from another address). Each writes its
// section of docs/reports/emulator-auth.md; a flood exits 1 when a target was missed.
import { cpus, loadavg } from 'node:os';
import { floodAuthorize, floodRegistrations, passwordGuesses, writeSection } from './emulator-auth-floods.ts';
import { startEmulator } from '../packages/emulator/src/emulator/index.ts';
import { assertion, JWT_BEARER, PUBLIC_CLIENT, postForm, serviceKey, signIn } from '../test/helpers/oauth.ts';

const TOKEN_REQUESTS = 300;
const AUTHENTICATIONS = 20_000;
const SIGN_INS = 20;
const REPORT = 'docs/reports/emulator-auth.md';
const TITLE = `# Emulator authorization server: costs and floods

Each section is written by one run of \`npx tsx --conditions=emulator-source bench/emulator-auth.ts <section>\`
(the floods against an emulator in its own process, its memory from \`/proc\`). Targets of the floods: the
emulator's RSS under 300 MB, \`GET /oauth2/v1/clients\` and snapshots answering throughout, the cost of an
authorize request flat; 1,000 password guesses at one person in a minute refused while she signs in from
another address. Before the stores were bounded, 21,658 such registrations took the emulator from 414 MB
to 1.32 GB (then \`GET /oauth2/v1/clients\` and snapshots answered 500), and 22,500 authorize requests took
it from 102 to 336 MB while each request walked every sign-in kept (393 → 97 requests/s); 1,453 guesses in
30 s were all checked. The machine is shared: latencies move with its load (shown per run), the CPU time the
emulator spends per request much less.`;
const machine = () =>
  `machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end, Node ${process.version}`;

const mode = process.argv[2] ?? 'costs';
if (mode !== 'costs') {
  const seconds = Number(process.env.FLOOD_SECONDS ?? 60);
  const run = {
    registrations: () => floodRegistrations(seconds),
    authorize: () => floodAuthorize(seconds),
    guesses: () => passwordGuesses(1000),
  }[mode];
  if (!run) throw new Error(`unknown mode ${mode}: costs, registrations, authorize or guesses`);
  const { markdown, ok } = await run();
  const section = `${markdown}\n\`bench/emulator-auth.ts ${mode}\` on ${new Date().toISOString().slice(0, 10)} (${machine()}): ${ok ? 'every target met' : 'a target was MISSED'}.\n`;
  writeSection(REPORT, TITLE, mode as 'registrations', section);
  console.log(section);
  process.exit(ok ? 0 : 1);
}

const key = await serviceKey();
const service = {
  client_id: 'bench',
  client_name: 'Bench',
  grant_types: ['client_credentials' as const],
  token_endpoint_auth_method: 'private_key_jwt' as const,
  jwks: { keys: [key.jwk] },
  scope: 'okta.policies.read',
};
const emulator = await startEmulator({ port: 0, token: 'bench-token', oauthClients: [service, PUBLIC_CLIENT] });
const tokenUrl = `${emulator.url}/oauth2/v1/token`;
const tokenRequest = async () =>
  postForm(tokenUrl, {
    grant_type: 'client_credentials',
    scope: 'okta.policies.read',
    client_assertion_type: JWT_BEARER,
    client_assertion: await assertion(key, 'bench', tokenUrl),
  });

const time = async (run: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const firstTokenMs = await time(tokenRequest);
const tokenMs: number[] = [];
let accessToken = '';
for (let i = 0; i < TOKEN_REQUESTS; i++) {
  const start = performance.now();
  const res = await tokenRequest();
  tokenMs.push(performance.now() - start);
  if (res.status !== 200) throw new Error(`token request answered ${res.status}`);
  accessToken = res.body.access_token;
}
tokenMs.sort((a, b) => a - b);

const perCall = async (header: string): Promise<number> => {
  const ms = await time(async () => {
    for (let i = 0; i < AUTHENTICATIONS; i++) {
      const result = await emulator.authenticate(header);
      if (!result.ok) throw new Error('authenticate refused the bench credential');
    }
  });
  return (ms * 1000) / AUTHENTICATIONS;
};
const apiTokenUs = await perCall('SSWS bench-token');
const bearerUs = await perCall(`Bearer ${accessToken}`);
const signInMs =
  (await time(async () => {
    for (let i = 0; i < SIGN_INS; i++) await signIn(emulator.url, 'carol@example.com');
  })) / SIGN_INS;
await emulator.close();

const rows = [
  ['first token request (makes the RS256 signing key)', `${firstTokenMs.toFixed(0)} ms`],
  [
    `client-credentials token request over HTTP (${TOKEN_REQUESTS}, one at a time; the assertion signed by the client)`,
    `median ${percentile(tokenMs, 0.5).toFixed(1)} ms, p95 ${percentile(tokenMs, 0.95).toFixed(1)} ms`,
  ],
  [`authenticate("SSWS <api token>") (${AUTHENTICATIONS} calls)`, `${apiTokenUs.toFixed(1)} µs per call`],
  [
    `authenticate("Bearer <access token>") (${AUTHENTICATIONS} calls, RS256 verify)`,
    `${bearerUs.toFixed(1)} µs per call`,
  ],
  [
    `sign-in through the page (${SIGN_INS}: authorize, post the form with scrypt N=16384, redirect)`,
    `${signInMs.toFixed(0)} ms each`,
  ],
];
const report = `## Costs

\`npx tsx --conditions=emulator-source bench/emulator-auth.ts\` (one process, the emulator in-process;
${machine()}).

| what | cost |
|---|---|
${rows.map(([what, cost]) => `| ${what} | ${cost} |`).join('\n')}

The Bearer check is the price each API request pays once enforcement uses \`authenticate\`; the
first token pays for making the signing key (set \`EMULATOR_SIGNING_KEY\` to skip it). The sign-in
is slow on purpose (scrypt), and only people signing in pay it.
`;
writeSection(REPORT, TITLE, 'costs', report);
console.log(report);
