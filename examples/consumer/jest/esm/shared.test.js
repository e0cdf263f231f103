// Tests of a run share the emulator globalSetup started, through the URL and token it exported.
import { expect, test } from '@jest/globals';

const headers = { authorization: `SSWS ${process.env.EMULATOR_TOKEN}` };

test('the shared emulator serves the fixture', async () => {
  const res = await fetch(`${process.env.EMULATOR_URL}/api/v1/meta/types/user`, { headers });
  expect((await res.json()).map((t) => t.name)).toEqual(['user', 'Partner']);
});
