import { startEmulator } from 'policy-service-emulator';

export default async function globalSetup() {
  globalThis.__emulator = await startEmulator({
    port: 0,
    fixture: new URL('../../fixture.json', import.meta.url).pathname,
  });
  // The test workers inherit these.
  process.env.EMULATOR_URL = globalThis.__emulator.url;
  process.env.EMULATOR_TOKEN = globalThis.__emulator.token;
}
