// A test over the emulator global-emulator.ts started for the whole run (read only: the other
// files of the run may share it).
import type { UserType } from 'policy-service-emulator/types';
import { expect, inject, it } from 'vitest';

it('reaches the shared emulator through the provided URL and token', async () => {
  const res = await fetch(`${inject('emulatorUrl')}/api/v1/meta/types/user`, {
    headers: { authorization: `SSWS ${inject('emulatorToken')}` },
  });
  expect(((await res.json()) as UserType[]).map((t) => t.name)).toEqual(['user', 'Partner']);
});
