// The emulator globalSetup keeps in `globalThis.__emulator` (declared there).
import type {} from './global-setup';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__emulator.stop();
}
