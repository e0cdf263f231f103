// A typed test over the shared emulator: the wire types come from the package.
import { expect, test } from '@jest/globals';
import type { Policy, UserType } from 'policy-service-emulator/types';

const headers = { authorization: `SSWS ${process.env.EMULATOR_TOKEN}` };

test('the shared emulator serves the fixture and the default policies', async () => {
  const types = (await (
    await fetch(`${process.env.EMULATOR_URL}/api/v1/meta/types/user`, { headers })
  ).json()) as UserType[];
  expect(types.map((t) => t.name)).toEqual(['user', 'Partner']);
  const res = await fetch(`${process.env.EMULATOR_URL}/api/v1/policies?type=PASSWORD`, { headers });
  const policies = (await res.json()) as Policy[];
  expect(policies.some((p) => p.system)).toBe(true);
});
