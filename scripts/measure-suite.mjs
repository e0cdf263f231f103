// `npm run measure:suite`: what `npm test` costs from a fresh clone, and where. It removes what a fresh
// clone lacks (dist/, the type check's build info in node_modules/.cache/, vitest's record of past
// durations, which orders the files), runs `npm test`, reads the CPU time of every process `npm test`
// starts from /proc (Linux) four times a second, and writes docs/reports/suite.md: the wall time,
// the CPU time by kind of process, the load of the machine before and after (it is shared, so wall
// times vary; CPU times much less), and the test files that took longest. A process that ends
// between two readings loses its last quarter second, so the CPU times are a little low. Arguments
// go to vitest (\`npm run measure:suite -- --maxWorkers=3\`) and are named in the report.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitestArgs = process.argv.slice(2);
const SAMPLE_MS = 250;
const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

/** Kinds of process, by their command line: the first that matches. */
const KINDS = [
  ['vitest workers', /vitest\/(dist\/workers|suppress-warnings)/],
  ['vitest main process (transforms, Chromium launch)', /vitest\.mjs run/],
  ['type check (tsc)', /--noEmit --incremental/],
  ['tsc of examples/client (a test)', /examples\/client/],
  ['build (tsc emit)', /scripts\/build\.mjs|--noCheck/],
  ['codegen check', /contractSchema|graphql-codegen/],
  ['lint (biome)', /biome/],
  ['Chromium (browser tests)', /chrom|--type=(renderer|gpu-process|utility|zygote)/],
  ['gateway processes (dist/main.js)', /dist\/main\.js/],
  ['emulator processes', /policy-emulator|emulator\/main|emulator\/dist/],
  ['other tsx processes', /tsx/],
  ['redis-server', /redis-server/],
  ['npm, shells', /(^|\/)(npm|npx|sh) /],
];
const kindOf = (cmd) => KINDS.find(([, pattern]) => pattern.test(cmd))?.[0] ?? 'other';

/** Every process now: pid -> { ppid, start, ticks }. */
function processes() {
  const found = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(pid, { ppid: fields[1], start: fields[19], ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // ended while read
    }
  }
  return found;
}

/** Follows the processes under `rootPid`: the last CPU time read of each, its command line once. */
function follow(rootPid) {
  const seen = new Map(); // `${pid}:${start}` -> { cmd, ticks }
  const ours = new Set([String(rootPid)]);
  const sample = () => {
    const now = processes();
    for (const [pid, p] of now) if (!ours.has(pid) && ours.has(p.ppid)) ours.add(pid);
    // Descendants of descendants seen in the same reading.
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, p] of now)
        if (!ours.has(pid) && ours.has(p.ppid)) {
          ours.add(pid);
          grew = true;
        }
    }
    for (const [pid, p] of now) {
      if (!ours.has(pid)) continue;
      const key = `${pid}:${p.start}`;
      let entry = seen.get(key);
      if (!entry) {
        let cmd = '';
        try {
          cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        } catch {}
        entry = { cmd, ticks: 0 };
        seen.set(key, entry);
      }
      // A process exec'ed under the same pid (sh -> node) shows its new command line.
      if (entry.cmd === '' || /^(\/bin\/)?sh /.test(entry.cmd)) {
        try {
          entry.cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() || entry.cmd;
        } catch {}
      }
      entry.ticks = p.ticks;
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return [...seen.values()];
    },
  };
}

function freshClone() {
  for (const dir of ['dist', 'packages/emulator/dist', 'node_modules/.cache', 'node_modules/.vite/vitest'])
    rmSync(join(root, dir), { recursive: true, force: true });
}

const seconds = (ticks) => ticks / TICKS_PER_SECOND;
const round = (n) => n.toFixed(1);

freshClone();
const out = mkdtempSync(join(tmpdir(), 'measure-suite-'));
const resultsFile = join(out, 'vitest.json');
const loadBefore = loadavg();
const startedAt = performance.now();
const child = spawn(
  'npm',
  ['test', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...vitestArgs],
  { cwd: root, stdio: 'inherit' },
);
const followed = follow(child.pid);
const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
const wall = (performance.now() - startedAt) / 1000;
const loadAfter = loadavg();
const seen = followed.stop();

const byKind = new Map();
for (const { cmd, ticks } of seen) {
  const kind = kindOf(cmd);
  const entry = byKind.get(kind) ?? { ticks: 0, count: 0 };
  entry.ticks += ticks;
  entry.count += 1;
  byKind.set(kind, entry);
}
const totalTicks = [...byKind.values()].reduce((sum, k) => sum + k.ticks, 0);
const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
rmSync(out, { recursive: true, force: true });
const files = results.testResults
  .map((f) => ({
    name: f.name.slice(root.length),
    seconds: (f.endTime - f.startTime) / 1000,
    tests: f.assertionResults.length,
  }))
  .sort((a, b) => b.seconds - a.seconds);

const report = `# What \`npm test\` costs

Written by \`npm run measure:suite\` (\`scripts/measure-suite.mjs\`, the whole file): \`npm test\` from a
fresh clone (no dist/, no type-check build info, no vitest duration record), with the CPU time of
every process it starts read from /proc four times a second. The machine is shared: the load
averages say how busy it was; CPU times vary much less than wall times.

Reading it: the wall time of a run on N cores cannot be below its CPU time divided by N, so \`npm
test\` within 60 s on 2 cores needs at most 120 s of CPU, both cores busy throughout. The type
check and the build are cold in a fresh clone (their caches are what was removed). "vitest workers"
is the tests themselves with the emulators, gateways and Redis clients they start in process; the
processes below it are what the tests start on their own (Chromium for the browser tests, the built
gateway and emulator for the tests of \`npm start\` and the command lines).

## Latest run

${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, Node ${process.version}; load average
${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' / ')} after (1 / 5 / 15 min).
${vitestArgs.length > 0 ? `vitest arguments: \`${vitestArgs.join(' ')}\`. ` : ''}Exit code ${code}; ${results.numPassedTests} of ${results.numTotalTests} tests passed, in ${files.length} files.

| | |
| --- | --- |
| wall time | ${round(wall)} s |
| CPU time (user + system, all processes) | ${round(seconds(totalTicks))} s |

| Processes | CPU s | count |
| --- | ---: | ---: |
${[...byKind.entries()]
  .sort((a, b) => b[1].ticks - a[1].ticks)
  .map(([kind, { ticks, count }]) => `| ${kind} | ${round(seconds(ticks))} | ${count} |`)
  .join('\n')}

The longest test files (wall time in their worker, waits for the build gate and for the CPU included):

| File | s | tests |
| --- | ---: | ---: |
${files
  .slice(0, 15)
  .map((f) => `| \`${f.name}\` | ${round(f.seconds)} | ${f.tests} |`)
  .join('\n')}
`;
writeFileSync(join(root, 'docs/reports/suite.md'), report);
process.stdout.write(`\n${report}`);
process.exit(code);
