// The environment of a spawned gateway or emulator: this process's without any variable the project
// reads (so a developer's shell does not leak into a test), plus the test's own settings. The list of
// variables comes from the settings tables, so a new setting is scrubbed without editing this file.
import { START_SETTINGS } from '../../src/config/gateway.ts';

/** Every variable `npm start` reads: the gateway's settings and the embedded emulator's. */
export const SETTING_VARIABLES: readonly string[] = START_SETTINGS.map((s) => s.env);

export function settingsEnv(
  settings: Record<string, string> = {},
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const name of SETTING_VARIABLES) delete env[name];
  return { ...env, ...settings };
}
