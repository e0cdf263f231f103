// `npm run contract -- --upstream URL --token TOKEN [--allow-writes] [--app ID --user ID]`: runs the
// contract suite (test/contract/suite.ts) against the services at URL and exits 1 when a check fails.
import { parseArgs } from 'node:util';
import { runContractSuite } from '../test/contract/suite.ts';

const USAGE = 'usage: npm run contract -- --upstream URL --token TOKEN [--allow-writes] [--app APP_ID --user USER_ID]';

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        upstream: { type: 'string' },
        token: { type: 'string' },
        'allow-writes': { type: 'boolean', default: false },
        app: { type: 'string' },
        user: { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`contract: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const upstream = values.upstream as string | undefined;
  const token = (values.token as string | undefined) ?? process.env.CONTRACT_TOKEN;
  if (!upstream || !token) {
    console.error(`contract: --upstream and --token (or CONTRACT_TOKEN) are required\n${USAGE}`);
    return 2;
  }
  if (!/^https?:\/\//.test(upstream)) {
    console.error(`contract: --upstream must be an http(s) URL, got ${upstream}`);
    return 2;
  }
  if (Boolean(values.app) !== Boolean(values.user)) {
    console.error('contract: --app and --user go together (the simulation needs both)');
    return 2;
  }
  const simulate = values.app ? { app: values.app as string, user: values.user as string } : undefined;
  const result = await runContractSuite({ upstream, token, allowWrites: values['allow-writes'] === true, simulate });
  return result.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`contract: ${e.message}`);
    process.exit(2);
  },
);
