#!/usr/bin/env node
// `npm start` and `policy-gateway`: the GraphQL gateway (start.ts); `policy-gateway policies …` is the
// policy-as-code command line instead (tools/policiesMain.ts). For the gateway, first the young
// generation is held small (heldAtStart.ts, see heapGrowth.ts); then the gateway's modules load, by a
// dynamic import: node reads and compiles a static import graph whole before it runs any module's
// body, which grew the young generation to 8 MB semi-spaces before the hold began.
import './heldAtStart.ts';

const GATEWAY_HELP = `policy-gateway: the GraphQL gateway over the Policy and User Types services.

usage: policy-gateway                 start the gateway (settings from the environment: PORT, UPSTREAM_URL, ...;
                                      without UPSTREAM_URL it starts an embedded emulator)
       policy-gateway policies ...    policy as code: export, plan, apply (policy-gateway policies --help)
       policy-gateway --help          this text

Every setting: docs/configuration.md of the repository.`;

const [command] = process.argv.slice(2);
if (command === 'policies') {
  await import('./tools/policiesMain.ts');
} else if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(`${GATEWAY_HELP}\n`);
} else if (command !== undefined) {
  process.stderr.write(`policy-gateway: unknown command '${command}'\n\n${GATEWAY_HELP}\n`);
  process.exitCode = 2;
} else {
  // graphql-js reads NODE_ENV once, as it loads: unless it is `production`, every failed `instanceof`
  // of its types looks for a copy of graphql from another module (several per variable and field of
  // every request). This process has one copy; an operator's own NODE_ENV is kept.
  process.env.NODE_ENV ??= 'production';

  await import('./start.ts');
}
