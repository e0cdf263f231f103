// The floods of `bench/emulator-auth.ts`, each against an emulator in its own process (its memory
// read from /proc): registrations of 40 KB clients with the admin token, unauthenticated authorize
// requests with the largest state and nonce allowed, and password guesses at one person. Each
// returns the Markdown of its report section and whether its targets were met.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnEmulator, TOKEN } from '../test/helpers/crash.ts';
import { requestFrom } from '../test/helpers/fromAddress.ts';
import { DEV_PASSWORD, pkce, signInForm } from '../test/helpers/oauth.ts';

const WORKERS = 8;
const SAMPLE_MS = 2000;
const MAX_RSS_MB = 300;
const ADMIN = { authorization: `SSWS ${TOKEN}`, 'content-type': 'application/json' };
const CALLBACK = 'http://app.example.test/callback';

export interface FloodResult {
  markdown: string;
  ok: boolean;
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

/** The process's user + system CPU time so far, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
};

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/** `WORKERS` loops of `one` until `seconds` have passed; the statuses they got, counted. */
async function flood(seconds: number, one: (i: number) => Promise<number>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const end = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (Date.now() < end) {
        const status = await one(n++).catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

const counted = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n.toLocaleString('en')} × ${status === 0 ? 'connection error' : status}`)
    .join(', ');

/** A registration body of about 40 KB: a web app with 20 redirect URIs of ~2,000 characters. */
const registration = (i: number) =>
  JSON.stringify({
    client_name: `flood ${i}`,
    application_type: 'web',
    redirect_uris: Array.from({ length: 20 }, (_, j) => `https://app${i}.example.test/${j}/${'p'.repeat(1950)}`),
  });

export async function floodRegistrations(seconds: number): Promise<FloodResult> {
  const emulator = await spawnEmulator(undefined);
  const { url, pid } = emulator;
  try {
    const startMb = rssMb(pid);
    const samples: {
      t: number;
      rss: number;
      listMs: number;
      listStatus: number;
      listed: number;
      snapMs: number;
      snapStatus: number;
    }[] = [];
    const started = Date.now();
    let running = true;
    const sampler = (async () => {
      while (running) {
        await sleep(SAMPLE_MS);
        const list = await timed(() => fetch(`${url}/oauth2/v1/clients`, { headers: ADMIN }));
        const listed = list.value.status === 200 ? ((await list.value.json()) as unknown[]).length : 0;
        const snap = await timed(() => fetch(`${url}/__emulator/snapshots`, { method: 'POST', headers: ADMIN }));
        await snap.value.text();
        samples.push({
          t: Math.round((Date.now() - started) / 1000),
          rss: rssMb(pid),
          listMs: list.ms,
          listStatus: list.value.status,
          listed,
          snapMs: snap.ms,
          snapStatus: snap.value.status,
        });
      }
    })();
    const statuses = await flood(seconds, async (i) => {
      const res = await fetch(`${url}/oauth2/v1/clients`, { method: 'POST', headers: ADMIN, body: registration(i) });
      await res.text();
      return res.status;
    });
    running = false;
    await sampler;
    const peakMb = rssMb(pid, 'VmHWM');
    const reset = await fetch(`${url}/__emulator/reset`, { method: 'POST', headers: ADMIN });
    const afterReset = await fetch(`${url}/oauth2/v1/clients`, { headers: ADMIN });
    const afterCount = ((await afterReset.json()) as unknown[]).length;
    await sleep(1000);
    const resetMb = rssMb(pid);
    const allAnswered = samples.every((s) => s.listStatus === 200 && s.snapStatus === 200);
    const ok = peakMb < MAX_RSS_MB && allAnswered && reset.status === 204;
    const markdown = `## Registrations: ${seconds} s of 40 KB bodies with the admin token (${WORKERS} at a time)

- Registrations: ${counted(statuses)} (400: the org's client bound, \`invalid_client_metadata\`).
- RSS: ${startMb} MB at the start, peak ${peakMb} MB (target < ${MAX_RSS_MB} MB), ${resetMb} MB a second after \`POST /__emulator/reset\` (${reset.status}; ${afterCount} clients after it).
- Every ${SAMPLE_MS / 1000} s, \`GET /oauth2/v1/clients\` and \`POST /__emulator/snapshots\`: ${allAnswered ? 'all answered 200' : 'NOT all answered 200'}.

| t (s) | RSS (MB) | clients listed | GET clients (ms) | snapshot (ms) |
|---:|---:|---:|---:|---:|
${samples
  .filter((_, i) => i % 3 === 0 || i === samples.length - 1)
  .map((s) => `| ${s.t} | ${s.rss} | ${s.listed} | ${s.listMs.toFixed(0)} | ${s.snapMs.toFixed(0)} |`)
  .join('\n')}
`;
    return { markdown, ok };
  } finally {
    await emulator.kill();
  }
}

async function registerBrowserClient(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth2/v1/clients`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({
      client_name: 'bench',
      application_type: 'browser',
      redirect_uris: [CALLBACK],
      scope: 'openid okta.policies.read',
    }),
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

const authorizeUrl = (url: string, clientId: string, o: { state?: string; nonce?: string; scope?: string } = {}) =>
  `${url}/oauth2/v1/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: o.scope ?? 'openid',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...(o.state ? { state: o.state } : {}),
    ...(o.nonce ? { nonce: o.nonce } : {}),
  })}`;

export async function floodAuthorize(seconds: number): Promise<FloodResult> {
  const emulator = await spawnEmulator(undefined);
  const { url, pid } = emulator;
  try {
    const clientId = await registerBrowserClient(url);
    const startMb = rssMb(pid);
    const started = Date.now();
    const windows: { latencies: number[]; rss: number; cpuStart: number; cpuEnd: number }[] = [];
    const windowOf = () => {
      const i = Math.floor((Date.now() - started) / 10_000);
      windows[i] ??= { latencies: [], rss: 0, cpuStart: cpuMs(pid), cpuEnd: 0 };
      return windows[i];
    };
    const state = 's'.repeat(2048);
    const nonce = 'n'.repeat(2048);
    const statuses = await flood(seconds, async () => {
      const start = performance.now();
      const res = await fetch(authorizeUrl(url, clientId, { state, nonce }));
      await res.text();
      const window = windowOf();
      window.latencies.push(performance.now() - start);
      window.rss = rssMb(pid);
      window.cpuEnd = cpuMs(pid);
      return res.status;
    });
    const peakMb = rssMb(pid, 'VmHWM');
    // The last sign-in page still works: a person signs in at once after the flood.
    const page = await fetch(authorizeUrl(url, clientId));
    const { action, transaction } = signInForm(await page.text());
    const signIn = await fetch(new URL(action, url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction, login: 'carol@example.com', password: DEV_PASSWORD }),
      redirect: 'manual',
    });
    // The emulator's own CPU time per request: what a sweep of every entry would raise, and what the
    // load of other processes on the machine does not (their latency is shown, but varies with it).
    const full = windows.filter((w) => w && w.latencies.length >= 1000);
    const cpuPer = (w: (typeof windows)[number]) => (w.cpuEnd - w.cpuStart) / w.latencies.length;
    const costs = full.map(cpuPer);
    const flat = costs.length > 1 && Math.max(...costs) <= 2 * Math.min(...costs);
    const ok = peakMb < MAX_RSS_MB && flat && signIn.status === 303;
    const markdown = `## Authorize: ${seconds} s of unauthenticated \`GET /oauth2/v1/authorize\` (state and nonce of 2,048 characters, ${WORKERS} at a time)

- Requests: ${counted(statuses)}; each keeps a sign-in transaction (bounded: the oldest go first).
- RSS: ${startMb} MB at the start, peak ${peakMb} MB (target < ${MAX_RSS_MB} MB).
- A sign-in right after the flood: ${signIn.status} (303: redirected with a code).
- Cost per request ${flat ? 'flat' : 'NOT flat'} (the emulator's CPU time per request in each full 10-second window within 2 × of each other; the latency also shows the machine's other load):

| 10 s window | requests | emulator CPU per request (ms) | median latency (ms) | p95 (ms) | RSS (MB) |
|---:|---:|---:|---:|---:|---:|
${windows
  .map((w, i) =>
    w
      ? `| ${i + 1} | ${w.latencies.length.toLocaleString('en')} | ${cpuPer(w).toFixed(2)} | ${percentile(w.latencies, 0.5).toFixed(1)} | ${percentile(w.latencies, 0.95).toFixed(1)} | ${w.rss} |`
      : '',
  )
  .filter(Boolean)
  .join('\n')}
`;
    return { markdown, ok };
  } finally {
    await emulator.kill();
  }
}

/** Posts one sign-in form of a new transaction (from `address`, default 127.0.0.1). */
async function signInFrom(address: string, url: string, clientId: string, password: string) {
  const page = await requestFrom(address, authorizeUrl(url, clientId));
  const { action, transaction } = signInForm(page.text);
  return timed(() =>
    requestFrom(address, new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction, login: 'carol@example.com', password }).toString(),
    }),
  );
}

export async function passwordGuesses(guesses: number): Promise<FloodResult> {
  const emulator = await spawnEmulator(undefined);
  const { url } = emulator;
  try {
    const clientId = await registerBrowserClient(url);
    const statuses = new Map<number, number>();
    const own: { status: number; ms: number }[] = [];
    let done = false;
    const carol = (async () => {
      while (!done) {
        const { value, ms } = await signInFrom('127.0.0.2', url, clientId, DEV_PASSWORD);
        own.push({ status: value.status, ms });
        await sleep(500);
      }
    })();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < guesses) {
          next += 1;
          const { value } = await signInFrom('127.0.0.1', url, clientId, `guess-${next}`);
          statuses.set(value.status, (statuses.get(value.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    done = true;
    await carol;
    const locked = await signInFrom('127.0.0.1', url, clientId, DEV_PASSWORD);
    const ownOk = own.length > 0 && own.every((s) => s.status === 303);
    const refused = statuses.get(429) ?? 0;
    // A few guesses racing the tenth failure are still checked.
    const ok = seconds <= 60 && refused >= guesses * 0.95 && ownOk && locked.value.status === 429;
    const ms = own.map((s) => s.ms);
    const markdown = `## Password guesses: ${guesses.toLocaleString('en')} wrong passwords at carol from 127.0.0.1 (4 at a time)

- Done in ${seconds.toFixed(1)} s; answers: ${counted(statuses)} (200: the form again, the password checked; 429: refused unchecked).
- carol's right password from 127.0.0.1 afterwards: ${locked.value.status} (locked out of that address for 15 minutes).
- carol signing in from 127.0.0.2 every 0.5 s meanwhile: ${own.length} sign-ins, ${own.filter((s) => s.status === 303).length} redirected with a code; median ${percentile(ms, 0.5).toFixed(0)} ms, slowest ${Math.max(...ms).toFixed(0)} ms (each pays one scrypt).
`;
    return { markdown, ok };
  } finally {
    await emulator.kill();
  }
}

/** Sections of the report, in this order; each run replaces its own. */
const SECTIONS = ['costs', 'registrations', 'authorize', 'guesses'] as const;
export type Section = (typeof SECTIONS)[number];

/** Replaces one section of `path` (kept between HTML comments), leaving the others as they were. */
export function writeSection(path: string, title: string, name: Section, markdown: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const kept = new Map<string, string>();
  for (const section of SECTIONS) {
    const found = new RegExp(`<!-- ${section} -->\\n([\\s\\S]*?)<!-- /${section} -->`).exec(text);
    if (found) kept.set(section, found[1]);
  }
  kept.set(name, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  const body = SECTIONS.filter((s) => kept.has(s))
    .map((s) => `<!-- ${s} -->\n${kept.get(s)}<!-- /${s} -->`)
    .join('\n\n');
  writeFileSync(path, `${title}\n\n${body}\n`);
}
