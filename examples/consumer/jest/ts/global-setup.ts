import { join } from 'node:path';
import { type Emulator, startEmulator } from 'policy-service-emulator';

declare global {
  var __emulator: Emulator;
}

export default async function globalSetup(): Promise<void> {
  globalThis.__emulator = await startEmulator({ port: 0, fixture: join(__dirname, '../../fixture.json') });
  // The test workers inherit these.
  process.env.EMULATOR_URL = globalThis.__emulator.url;
  process.env.EMULATOR_TOKEN = globalThis.__emulator.token;
}
