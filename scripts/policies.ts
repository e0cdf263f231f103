// `npm run policies -- export|plan|apply ...`: see src/tools/policiesCli.ts.
import { text } from 'node:stream/consumers';
import { runPoliciesCli } from '../src/tools/policiesCli.ts';

process.exitCode = await runPoliciesCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readStdin: () => text(process.stdin),
});
