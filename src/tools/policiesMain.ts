// `policy-gateway policies …` and `npm run policies -- …`: the policy-as-code command line on this
// process's arguments and standard streams (policiesCli.ts).
import { text } from 'node:stream/consumers';
import { runPoliciesCli } from './policiesCli.ts';

const argv = process.argv.slice(2);
process.exitCode = await runPoliciesCli(argv[0] === 'policies' ? argv.slice(1) : argv, {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readStdin: () => text(process.stdin),
});
