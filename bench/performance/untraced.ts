// The gateway built without its tracing code: what "tracing off" is compared with. The same sources,
// copied, with tracing cut out where it is started and where the rest of the gateway hooks it, then
// built as dist/ is (scripts/build.mjs) into a directory of its own. Off, src/tracing/ is never
// loaded anyway (start.ts imports it only when the OTEL_* variables ask); what an untraced request
// still pays is the hooks below, so they are the cut. Left in: the OTEL_* settings, read and checked
// once at start like every setting; src/upstream/tracer.ts (types alone, an empty module once built);
// the optional parameters nothing passes any more (withSharing's `traced`, useOperationSummary's
// `traceIdsOf`).
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../test/helpers/built.ts';

/** Inside the repository, so that the build's imports find the project's node_modules/. */
const DIR = join(ROOT, 'node_modules/.cache/gateway-untraced');

/** The tracer, its plugins and exporter, and the upstream client's traced steps: gone from the copy. */
export const REMOVED_FROM_SRC = ['src/tracing', 'src/upstream/call/traced.ts'];

/** Each hook, as the source has it, and what the source would be without tracing. */
const CUTS: { file: string; traced: string | RegExp; untraced: string }[] = [
  // No tracer is made at start.
  {
    file: 'src/start.ts',
    traced: /const tracing = tracingEnabled\([\s\S]*?: undefined;/,
    untraced: 'const tracing = undefined;',
  },
  // No request or operation span plugin, no trace ids for the log line, no tracer in a request's context.
  { file: 'src/gateway/server.ts', traced: '    options.tracing?.requestPlugin ?? {},\n', untraced: '' },
  { file: 'src/gateway/server.ts', traced: ', options.tracing?.idsOf)', untraced: ')' },
  { file: 'src/gateway/server.ts', traced: '    options.tracing?.operationPlugin ?? {},\n', untraced: '' },
  { file: 'src/gateway/server.ts', traced: '        tracer: options.tracing?.upstreamOf(request),\n', untraced: '' },
  { file: 'src/gateway/plugins/operationSummary.ts', traced: /\n *if \(traceIdsOf\) .*/, untraced: '' },
  // The upstream client: no trace steps in its list, no trace on a call, no marks of answers without a request.
  { file: 'src/upstream/client.ts', traced: /\nimport \{ budgetWait, traceparent \} .*/, untraced: '' },
  { file: 'src/upstream/client.ts', traced: /\n *budgetWait,/, untraced: '' },
  { file: 'src/upstream/client.ts', traced: /\n *traceparent,/, untraced: '' },
  {
    file: 'src/upstream/call/request.ts',
    traced: /const trace = operation\.tracer\?\.call\(.*\);/,
    untraced: 'const trace = undefined;',
  },
  { file: 'src/upstream/call/cachedReads.ts', traced: /\n *call\.trace\?\.answeredWithout\('cache'.*/, untraced: '' },
  { file: 'src/upstream/call/sharedReads.ts', traced: /\n *call\.trace\?\.answeredWithout\('shared'.*/, untraced: '' },
  // An attempt's report carries no span ids.
  { file: 'src/upstream/call/observed.ts', traced: /\n.*\n *if \(result\.span\) .*/, untraced: '' },
];

/**
 * The files of src/ the cuts change, as they read without tracing (`read` answers a file of the
 * tree by its path from the root); throws when a cut no longer matches its source exactly once.
 */
export function untracedSources(read: (file: string) => string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { file, traced, untraced } of CUTS) {
    const text = texts.get(file) ?? read(file);
    const pattern = typeof traced === 'string' ? traced : new RegExp(traced.source, 'g');
    const found = typeof pattern === 'string' ? text.split(pattern).length - 1 : (text.match(pattern) ?? []).length;
    // A changed source must not yield a build that still traces, or a cut of something else.
    if (found !== 1) {
      throw new Error(
        `the tracing cut of ${file} (${traced}) matches ${found} times: update bench/performance/untraced.ts`,
      );
    }
    texts.set(file, text.replace(pattern, untraced));
  }
  return texts;
}

/** Builds the untraced gateway (a few seconds of tsc) and answers its entry point, as dist/main.js is. */
export function buildUntracedGateway(): string {
  rmSync(DIR, { recursive: true, force: true });
  for (const entry of ['src', 'tsconfig.json', 'tsconfig.build.json']) {
    cpSync(join(ROOT, entry), join(DIR, entry), { recursive: true });
  }
  for (const path of REMOVED_FROM_SRC) rmSync(join(DIR, path), { recursive: true });
  for (const [file, text] of untracedSources((file) => readFileSync(join(ROOT, file), 'utf8'))) {
    writeFileSync(join(DIR, file), text);
  }
  // Under node_modules/ the project's package.json is not the modules' scope: they are ES modules all the same.
  writeFileSync(join(DIR, 'package.json'), '{ "type": "module" }\n');
  const built = spawnSync(process.execPath, ['scripts/build.mjs', 'gateway', DIR], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build without the tracing code failed');
  return join(DIR, 'dist/main.js');
}
