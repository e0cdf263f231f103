// `npm run emulator`: the REST services alone, configured by the EMULATOR_* environment variables.
import { readEmulatorConfig } from '../config/emulator.ts';
import { startEmulator } from './index.ts';

async function main(): Promise<void> {
  const options = readEmulatorConfig(process.env);
  const emulator = await startEmulator(options);
  console.log(
    `emulator: REST services at ${emulator.url}/api/v1 (engine ${options.engine ?? 'IE'}; token from EMULATOR_TOKEN)`,
  );
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: Error) => {
  console.error(`emulator: cannot start: ${e.message}`);
  process.exit(2);
});
