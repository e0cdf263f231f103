// A test file with an emulator of its own, on a free port, reset before each test.
import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { FixtureError, startEmulator } from 'policy-service-emulator';

let emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator?.stop());

test('creates a policy in its own emulator', async () => {
  const res = await fetch(`${emulator.url}/api/v1/policies`, {
    method: 'POST',
    headers: { authorization: `SSWS ${emulator.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'PASSWORD', name: 'Made in Jest' }),
  });
  expect(res.status).toBe(200);
});

test('refuses a bad fixture with a FixtureError', async () => {
  const refused = startEmulator({ port: 0, fixture: { bogus: 1 } });
  await expect(refused).rejects.toBeInstanceOf(FixtureError);
  await expect(refused).rejects.toMatchObject({ name: 'FixtureError' });
});
