// `node --import ./test/helpers/moduleLoadLog.mjs …` appends the URL of every ES module the process
// loads to the file named by MODULE_LOAD_LOG: what a process really loads, dynamic imports included.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// The hooks run in a thread of their own, which loads this file again.
if (isMainThread) register(import.meta.url);

export async function load(url, context, nextLoad) {
  if (process.env.MODULE_LOAD_LOG) appendFileSync(process.env.MODULE_LOAD_LOG, `${url}\n`);
  return nextLoad(url, context);
}
