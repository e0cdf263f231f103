// `policy-emulator` (and `npm run emulator`): the REST services alone. Options on the command line,
// or the EMULATOR_* environment variables (an option wins over its variable). Prints one line,
// `listening on <url>`, once it serves; SIGTERM or SIGINT closes it (its state flushed) and exits 0.
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/env.ts';
import { readEmulatorConfig } from '../config/emulator.ts';
import { exact } from '../config/exact.ts';
import { type EmulatorOptions, startEmulator } from './index.ts';

/** Each option and the variable it stands for; the variable's reader checks the value. */
const OPTIONS = {
  port: 'EMULATOR_PORT',
  host: 'EMULATOR_HOST',
  token: 'EMULATOR_TOKEN',
  engine: 'EMULATOR_ENGINE',
  fixture: 'EMULATOR_FIXTURE',
  state: 'EMULATOR_STATE',
  'rate-limit': 'EMULATOR_RATE_LIMIT',
} as const;

const USAGE = `usage: policy-emulator [options]
  --port N          TCP port, 0 = any free port (EMULATOR_PORT, default 4001)
  --host HOST       address to listen on (EMULATOR_HOST, default 127.0.0.1)
  --token TOKEN     the API token ("SSWS TOKEN") of the fixture's first SUPER_ADMIN (EMULATOR_TOKEN, default dev-token)
  --engine IE|CLASSIC  the org's policy engine (EMULATOR_ENGINE, default IE)
  --fixture FILE    a fixture JSON file seeding the org (EMULATOR_FIXTURE, default the built-in one)
  --state FILE      keep the org in FILE across restarts (EMULATOR_STATE, default in memory)
  --rate-limit N    requests per minute before 429, 0 = none (EMULATOR_RATE_LIMIT, default 0)
  --help            this text
Other settings (faults, timeouts, the journal's bounds, the authorization server's token lifetime,
clock skew and signing key) are read from their EMULATOR_* variables only.`;

/** The environment with the given options in place of their variables, and the names to show for them. */
function optionsAsEnv(argv: string[]): { env: NodeJS.ProcessEnv; shownAs: Map<string, string> } | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const }])),
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const env = { ...process.env };
  const shownAs = new Map<string, string>();
  for (const [option, variable] of Object.entries(OPTIONS)) {
    const value = (values as Record<string, unknown>)[option];
    if (typeof value !== 'string') continue;
    env[variable] = value;
    shownAs.set(variable, `--${option}`);
  }
  return { env, shownAs };
}

async function main(): Promise<void> {
  const parsed = optionsAsEnv(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    return;
  }
  let options: ReturnType<typeof readEmulatorConfig>;
  try {
    options = readEmulatorConfig(parsed.env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    // A bad option is named as the user wrote it, not by the variable it stands for.
    const name = (problem: string) => problem.replace(/^EMULATOR_[A-Z_]+/, (v) => parsed.shownAs.get(v) ?? v);
    throw new ConfigError(e.problems.map(name));
  }
  // A setting named unlike its option fails tsc (a settings object passed whole is not checked by name).
  const emulator = await startEmulator(exact<EmulatorOptions>()(options));
  console.log(`listening on ${emulator.url}`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: Error) => {
  const usage = (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? `\n${USAGE}` : '';
  console.error(`emulator: cannot start: ${e.message}${usage}`);
  process.exit(2);
});
