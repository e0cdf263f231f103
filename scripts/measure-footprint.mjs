// `npm run measure:footprint`: the built gateway's start-to-ready time and resident memory, with the
// embedded emulator off (UPSTREAM_URL set, as in production), next to a trivial graphql-yoga server
// measured the same way. Writes docs/reports/footprint.md. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_MS = 3_000;
const WARM_UP_OPERATIONS = 200;

const TRIVIAL_YOGA = `
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
const yoga = createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }) });
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => console.log('ready http://127.0.0.1:' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

function start(args, env, readyPattern) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = readyPattern.exec(out);
      if (match)
        resolve({ child, url: match[1], readyMs: performance.now() - startedAt, readyCpuMs: cpuMs(child.pid) });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${out}`)));
  });
}

/** User and system CPU time the process has used: unlike wall time, hardly changed by other load on the machine. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
};
/** Resident set size in MiB (/proc's kB are KiB). */
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(name, args, env, readyPattern, query, headers = {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const { child, url, readyMs, readyCpuMs } = await start(args, env, readyPattern);
    await idle();
    const idleRss = rssMiB(child.pid);
    for (let n = 0; n < WARM_UP_OPERATIONS; n++) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query }),
      });
      await res.text();
    }
    await idle();
    runs.push({ readyMs, readyCpuMs, idleRss, warmRss: rssMiB(child.pid) });
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const row = {
    name,
    readyMs: median(runs.map((r) => r.readyMs)),
    readyCpuMs: median(runs.map((r) => r.readyCpuMs)),
    idleRss: median(runs.map((r) => r.idleRss)),
    warmRss: median(runs.map((r) => r.warmRss)),
  };
  console.log(
    `${name}: ready ${row.readyMs.toFixed(0)} ms (${row.readyCpuMs.toFixed(0)} ms CPU), idle ${row.idleRss.toFixed(0)} MiB, after ${WARM_UP_OPERATIONS} operations ${row.warmRss.toFixed(0)} MiB`,
  );
  return row;
}

const emulator = await start(
  ['packages/emulator/dist/emulator/main.js'],
  { EMULATOR_PORT: '0', EMULATOR_TOKEN: 'footprint' },
  /listening on (http:\/\/\S+)/,
);
const loadBefore = loadavg()[0];
const gatewayEnv = { PORT: '0', UPSTREAM_URL: emulator.url };
const gatewayReady = /GraphiQL at (http:\/\/[^/"]+)\/graphql/;
const rows = [];
try {
  const policies = '{ policies(type: PASSWORD) { nodes { id name rules { name } } } userTypes { name } }';
  const auth = { authorization: 'SSWS footprint' };
  rows.push(await measure('gateway (dist/main.js)', ['dist/main.js'], gatewayEnv, gatewayReady, policies, auth));
  rows.push(
    await measure(
      'trivial graphql-yoga server',
      ['--input-type=module', '-e', TRIVIAL_YOGA],
      {},
      /ready (http:\/\/\S+)/,
      '{ hello }',
    ),
  );
} finally {
  emulator.child.kill('SIGTERM');
}

const report = `# Footprint

Measured by \`npm run measure:footprint\` (${RUNS} runs each, median): the built gateway
(\`node dist/main.js\`, embedded emulator off: \`UPSTREAM_URL\` set to an emulator in another
process), and a trivial graphql-yoga server (one \`hello\` field) started the same way. *Ready* is
from spawning the process to its ready line (listening), wall time and the CPU time the process used
until then (the better measure on a busy machine); *idle* is the resident set
${IDLE_MS / 1000} s after that; *warm* is the resident set ${IDLE_MS / 1000} s after
${WARM_UP_OPERATIONS} sequential operations (gateway: a policy list with rules and user types).

Node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} when the run started (${new Date().toISOString().slice(0, 10)}).

| Process | Ready | Ready, CPU time | Idle RSS | Warm RSS |
| --- | ---: | ---: | ---: | ---: |
${rows.map((r) => `| ${r.name} | ${r.readyMs.toFixed(0)} ms | ${r.readyCpuMs.toFixed(0)} ms | ${r.idleRss.toFixed(0)} MiB | ${r.warmRss.toFixed(0)} MiB |`).join('\n')}
`;
mkdirSync(join(root, 'docs'), { recursive: true });
writeFileSync(join(root, 'docs/reports/footprint.md'), report);
console.log('written: docs/reports/footprint.md');
