// Instructions per one-policy request, counted by callgrind (performance/instructions.ts): a judge
// of a change to the per-request path that a busy machine does not disturb (throughput and CPU time
// on a shared 2-core machine move by a quarter round to round). With `--clients 1` the count is the
// same run after run (no request joins another's answer or read); with several, closer to a load.
// With `--org N`, per whole read of an org of N password policies with their rules instead (pages
// of 200, as `npm run bench` reads them; `--requests` then counts reads, default 3, after twice as
// many), for the gateway's variants alone: the org-size line's cost where the machine's speed cannot
// move it as much (the same build still differed by up to 15% between runs, the order the 200 calls
// of a page answer in being the timing's: compare variants within one run, and more than once).
//   npm run bench:instructions -- [--requests 1500] [--clients 10] [--org 1000] [--variant "CACHE_TTL_SECONDS=60 dist/main.js"]...
// Needs valgrind (Debian: `apt-get install valgrind`). Instruction counts are not time: a process with
// a larger heap and more code can take longer for the same count (cache misses), so confirm a
// change's effect on time with `bench/overhead.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { assertBuilt } from '../test/helpers/built.ts';
import { graphqlClient } from './performance/graphql.ts';
import {
  type CountedLoad,
  countInstructions,
  onePolicyRequests,
  perUnit,
  valgrindInstalled,
} from './performance/instructions.ts';
import { startEmulatorProcess } from './performance/processes.ts';
import { firstPasswordPolicy, restClient } from './performance/rest.ts';
import { growPasswordPolicies, listThroughGateway } from './performance/scaling.ts';
import { variantSpec } from './performance/variants.ts';

const TOKEN = 'bench-token';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string' },
    clients: { type: 'string', default: '10' },
    org: { type: 'string' },
    variant: { type: 'string', multiple: true },
  },
});
const ORG = args.org === undefined ? undefined : Number(args.org);
const UNITS = Number(args.requests ?? (ORG === undefined ? 1500 : 3));
const CLIENTS = Number(args.clients);
const AUTH = `SSWS ${TOKEN}`;

/** Whole reads of every password policy with its rules, page after page, one after another. */
function wholeReads(size: number): CountedLoad['open'] {
  return (origin) => {
    const { gql, close } = graphqlClient(origin, AUTH);
    const send = async (count: number) => {
      for (let r = 0; r < count; r++) {
        const listed = await listThroughGateway(gql);
        if (listed !== size) throw new Error(`listed ${listed} policies of ${size}`);
      }
    };
    return { send, close };
  };
}

async function main(): Promise<void> {
  assertBuilt();
  if (!valgrindInstalled()) throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const dir = mkdtempSync(join(tmpdir(), 'instructions-'));
  try {
    const policyId = await firstPasswordPolicy(emulator.url, AUTH);
    if (ORG !== undefined) {
      const rest = restClient(emulator.url, AUTH, 'parallel');
      await growPasswordPolicies(rest, ORG);
      await rest.close();
    }
    // Warm-cache requests by default; whole reads go upstream (the cache would answer them).
    const specs = args.variant ?? [ORG === undefined ? 'CACHE_TTL_SECONDS=60 dist/main.js' : 'dist/main.js'];
    // Under callgrind a read runs some 50 times slower: a whole page must not meet the deadline.
    const slow: Record<string, string> = ORG === undefined ? {} : { OPERATION_TIMEOUT_MS: '300000' };
    const variants = specs.map((spec) => {
      const { settings, script, nodeArgs } = variantSpec(spec);
      return {
        name: spec,
        script,
        nodeArgs,
        settings: { UPSTREAM_URL: emulator.url, MAX_UPSTREAM_CALLS: '250', ...slow, ...settings },
      };
    });
    // The trivial servers answer the one-policy query only.
    const servers: { name: string; script: string; settings: Record<string, string>; nodeArgs?: string[] }[] = [
      ...(ORG === undefined
        ? [
            { name: 'trivial yoga (answers from memory)', script: 'bench/performance/trivialYoga.mjs', settings: {} },
            {
              name: 'trivial yoga making the one undici GET',
              script: 'bench/performance/trivialYoga.mjs',
              settings: { UPSTREAM_URL: emulator.url },
            },
          ]
        : []),
      ...variants,
    ];
    const open = ORG === undefined ? onePolicyRequests(CLIENTS, policyId, AUTH) : wholeReads(ORG);
    console.log(
      ORG === undefined
        ? `instructions per request (M), ${UNITS} one-policy requests at c=${CLIENTS} after as many of warm-up:`
        : `instructions per whole read of ${ORG} password policies with their rules (M), ${UNITS} reads after ${2 * UNITS} of warm-up:`,
    );
    console.log('server | execution | collector | compiler | all');
    for (const [i, server] of servers.entries()) {
      const counts = await countInstructions(
        server.script,
        server.settings,
        {
          open,
          units: UNITS,
          // A whole read's many calls reach optimised code later than one request's path does.
          warmUp: ORG === undefined ? UNITS : 2 * UNITS,
          out: join(dir, `callgrind.${i}`),
        },
        server.nodeArgs,
      );
      const each = perUnit(counts, UNITS);
      console.log(`${server.name} | ${each.execution} | ${each.collector} | ${each.compiler} | ${each.all}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  }
}

await main();
