// Instructions per one-policy request, counted by callgrind (performance/instructions.ts): a judge
// of a change to the per-request path that a busy machine does not disturb (throughput and CPU time
// on a shared 2-core machine move by a quarter round to round). With `--clients 1` the count is the
// same run after run (no request joins another's answer or read); with several, closer to a load.
//   npm run bench:instructions -- [--requests 1500] [--clients 10] [--variant "CACHE_TTL_SECONDS=60 dist/main.js"]...
// Needs valgrind (Debian: `apt-get install valgrind`). Instruction counts are not time: a process with
// a larger heap and more code can take longer for the same count (cache misses), so confirm a
// change's effect on time with `bench/overhead.ts`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { assertBuilt } from '../test/helpers/built.ts';
import { countInstructions, perRequest } from './performance/instructions.ts';
import { startEmulatorProcess } from './performance/processes.ts';

const TOKEN = 'bench-token';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1500' },
    clients: { type: 'string', default: '10' },
    variant: { type: 'string', multiple: true, default: ['CACHE_TTL_SECONDS=60 dist/main.js'] },
  },
});
const REQUESTS = Number(args.requests);
const CLIENTS = Number(args.clients);

async function main(): Promise<void> {
  assertBuilt();
  execFileSync('valgrind', ['--version']);
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const dir = mkdtempSync(join(tmpdir(), 'instructions-'));
  try {
    const policyId = await firstPasswordPolicy(emulator.url);
    const servers: { name: string; script: string; settings: Record<string, string> }[] = [
      { name: 'trivial yoga (answers from memory)', script: 'bench/performance/trivialYoga.mjs', settings: {} },
      {
        name: 'trivial yoga making the one undici GET',
        script: 'bench/performance/trivialYoga.mjs',
        settings: { UPSTREAM_URL: emulator.url },
      },
      ...args.variant.map((spec) => {
        const words = spec.split(/\s+/);
        const settings = Object.fromEntries(
          words
            .filter((w) => /^[A-Z_]+=/.test(w))
            .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
        );
        const script = words.find((w) => !/^[A-Z_]+=/.test(w)) ?? 'dist/main.js';
        return { name: spec, script, settings: { UPSTREAM_URL: emulator.url, MAX_UPSTREAM_CALLS: '250', ...settings } };
      }),
    ];
    console.log(
      `instructions per request (M), ${REQUESTS} one-policy requests at c=${CLIENTS} after as many of warm-up:`,
    );
    console.log('server | execution | collector | compiler | all');
    for (const [i, server] of servers.entries()) {
      const counts = await countInstructions(server.script, server.settings, {
        requests: REQUESTS,
        clients: CLIENTS,
        policyId,
        authorization: `SSWS ${TOKEN}`,
        out: join(dir, `callgrind.${i}`),
      });
      const each = perRequest(counts, REQUESTS);
      console.log(`${server.name} | ${each.execution} | ${each.collector} | ${each.compiler} | ${each.all}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  }
}

async function firstPasswordPolicy(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/policies?type=PASSWORD`, { headers: { authorization: `SSWS ${TOKEN}` } });
  const policies = (await res.json()) as { id: string }[];
  return policies[0].id;
}

await main();
