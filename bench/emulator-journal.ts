// `npm run soak:journal`: the emulator's request journal under large bodies. An emulator in its own
// process takes 1,000 creates of ~1 MB policies (a 1 MB description, each policy deleted right after,
// so the org stays small), then answers GET /__emulator/journal; its resident memory is read from
// /proc before, during and after. Once with the default journal bounds, once with whole bodies kept
// (EMULATOR_JOURNAL_BODY_BYTES at the API's 1 MiB body limit), where only EMULATOR_JOURNAL_BYTES
// bounds it. Writes the "Emulator journal" section of docs/reports/reliability.md; exits 1 when the
// journal does not answer or the memory grows by 300 MB or more.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { spawnEmulator, TOKEN } from '../test/helpers/crash.ts';
import { RELIABILITY_REPORT, writeLatestRun } from './report.ts';

const CREATES = 1000;
/** The description's length: the body stays just under the emulator's 1 MiB limit. */
const DESCRIPTION_BYTES = 1_000_000;
const MAX_GROWTH_MB = 300;
const HEADING = '## Emulator journal';
const RUN_HEADING = '### Latest run of `npm run soak:journal`';
const HEADERS = { authorization: `SSWS ${TOKEN}`, 'content-type': 'application/json' };

interface Run {
  label: string;
  startMb: number;
  peakMb: number;
  journal: { status: number; mb: number; entries: number; truncated: number; ms: number };
  afterMb: number;
  seconds: number;
}

/** A /proc/<pid>/status memory line (VmRSS: resident now, VmHWM: the most resident so far), in MB. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  if (!line) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Math.round(Number(line[1]) / 1024);
}

async function send(url: string, method: string, path: string, body?: string): Promise<Response> {
  const res = await fetch(`${url}${path}`, { method, headers: HEADERS, body });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

async function soak(label: string, env: Record<string, string>): Promise<Run> {
  const emulator = await spawnEmulator(undefined, undefined, env);
  try {
    const { url, pid } = emulator;
    // A few small requests first, so that the start figure includes a warm server.
    for (let i = 0; i < 20; i++) await (await send(url, 'GET', '/api/v1/policies?type=PASSWORD')).text();
    const startMb = memoryMb(pid, 'VmRSS');
    const description = 'd'.repeat(DESCRIPTION_BYTES);
    const started = performance.now();
    for (let i = 0; i < CREATES; i++) {
      const body = JSON.stringify({ type: 'PASSWORD', name: `Large ${i}`, description });
      const created = (await (await send(url, 'POST', '/api/v1/policies', body)).json()) as { id: string };
      await (await send(url, 'DELETE', `/api/v1/policies/${created.id}`)).text();
      if ((i + 1) % 250 === 0) console.log(`${label}: ${i + 1} creates, RSS ${memoryMb(pid, 'VmRSS')} MB`);
    }
    const seconds = (performance.now() - started) / 1000;
    const t = performance.now();
    const res = await fetch(`${url}/__emulator/journal`, { headers: HEADERS });
    const text = await res.text();
    const ms = Math.round(performance.now() - t);
    const entries = res.status === 200 ? (JSON.parse(text) as { entries: { bodyTruncated: boolean }[] }).entries : [];
    return {
      label,
      startMb,
      peakMb: memoryMb(pid, 'VmHWM'),
      journal: {
        status: res.status,
        mb: Buffer.byteLength(text) / 1024 / 1024,
        entries: entries.length,
        truncated: entries.filter((e) => e.bodyTruncated).length,
        ms,
      },
      afterMb: memoryMb(pid, 'VmRSS'),
      seconds,
    };
  } finally {
    await emulator.kill();
  }
}

function row(run: Run): string {
  const j = run.journal;
  return `| ${run.label} | ${run.startMb} | ${run.peakMb} | ${run.peakMb - run.startMb} | ${j.status} | ${j.mb.toFixed(1)} | ${j.entries} | ${j.truncated} | ${j.ms} | ${run.afterMb} | ${run.seconds.toFixed(0)} |`;
}

async function main(): Promise<void> {
  const runs = [
    await soak('defaults (16 MiB, bodies cut at 64 KiB)', {}),
    await soak('whole bodies (16 MiB, bodies up to 1 MiB)', { EMULATOR_JOURNAL_BODY_BYTES: '1048576' }),
  ];
  for (const run of runs) {
    console.log(JSON.stringify(run));
    if (run.journal.status !== 200 || run.peakMb - run.startMb >= MAX_GROWTH_MB) process.exitCode = 1;
  }
  writeLatestRun(
    HEADING,
    RUN_HEADING,
    `${RUN_HEADING}

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, loopback, a 2-core machine shared with other work (load
average ${loadavg()[0].toFixed(1)} at the end); the emulator in its own process, in memory only.

${CREATES.toLocaleString('en')} creates of a password policy with a ${(DESCRIPTION_BYTES / 1e6).toFixed(0)} MB description (each body ${(
      DESCRIPTION_BYTES / 1e6
    ).toFixed(2)} MB, under the 1 MiB body
limit), each deleted right after, then one \`GET /__emulator/journal\`.
Memory is the emulator's resident set (\`VmRSS\`; peak: \`VmHWM\`), in MB. Acceptance: the journal answers
200 and the peak stays less than ${MAX_GROWTH_MB} MB above the start.

| Journal bounds | Start MB | Peak MB | Growth MB | Journal status | Journal MB | Entries | Cut bodies | Journal ms | After MB | Seconds |
| -------------- | -------- | ------- | --------- | -------------- | ---------- | ------- | ---------- | ---------- | -------- | ------- |
${runs.map(row).join('\n')}
`,
  );
  console.log(`written to ${RELIABILITY_REPORT.pathname}`);
}

await main();
