// The "one emulator for the whole run" recipe of docs/emulator.md: vitest's global setup starts it
// once, in the main process, and hands its URL and token to the tests (shared.test.ts).
import { fileURLToPath } from 'node:url';
import { startEmulator } from 'policy-service-emulator';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const emulator = await startEmulator({
    port: 0,
    fixture: fileURLToPath(new URL('../fixture.json', import.meta.url)),
  });
  project.provide('emulatorUrl', emulator.url);
  project.provide('emulatorToken', emulator.token);
  return () => emulator.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorUrl: string;
    emulatorToken: string;
  }
}
