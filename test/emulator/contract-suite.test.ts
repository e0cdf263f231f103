// The contract suite (`npm run contract`) against a fresh emulator: every check passes, every
// operation is called with a success and an error answer, the objects it made are gone afterwards,
// without --allow-writes nothing changes, and a target that differs is reported check by check.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from 'policy-service-emulator/contract';
import { runContractSuite } from '../contract/suite.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';

async function withEmulator(run: (emu: TestEmulator) => Promise<void>): Promise<void> {
  const emu = await startTestEmulator();
  try {
    await run(emu);
  } finally {
    await emu.close();
  }
}

/** Everything a client can read of the org, to compare before and after a run. */
async function orgState(emu: TestEmulator) {
  const policies = [];
  for (const type of ['PASSWORD', 'ACCESS_POLICY', 'MFA_ENROLL', 'IDP_DISCOVERY']) {
    policies.push((await emu.call('GET', `/api/v1/policies?type=${type}&limit=200`)).body);
  }
  return { policies, userTypes: (await emu.call('GET', '/api/v1/meta/types/user')).body };
}

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

describe('the contract suite against the emulator', () => {
  it('passes every check with --allow-writes, covers every operation with a success and an error, and cleans up', async () => {
    await withEmulator(async (emu) => {
      const before = await orgState(emu);
      const lines: string[] = [];
      const result = await runContractSuite({
        upstream: emu.url,
        token: TOKEN,
        allowWrites: true,
        simulate: { app: '0oa1portal', user: '00u1alice' },
        out: (line) => lines.push(line),
      });
      expect(result.checks.filter((c) => c.outcome !== 'pass')).toEqual([]);
      expect(result.failed).toBe(0);
      expect(result.passed).toBeGreaterThan(40);
      expect(lines[lines.length - 1]).toBe(`contract: ${result.passed} passed, 0 failed`);
      expect(lines.filter((l) => l.startsWith('contract:'))).toHaveLength(1);
      const journal = emu.journal();
      const missing = Object.values(OPERATIONS).flatMap((op) => {
        const statuses = journal
          .filter((e) => e.method === op.method && e.template === withoutTrailingSlash(op.path))
          .map((e) => e.status);
        return [
          ...(statuses.some((s) => s < 300) ? [] : [`${op.method} ${op.path} success`]),
          ...(statuses.some((s) => s >= 400) ? [] : [`${op.method} ${op.path} error`]),
        ];
      });
      expect(missing).toEqual([]);
      expect(await orgState(emu)).toEqual(before);
    });
  });

  it('without --allow-writes skips the writing checks and changes nothing', async () => {
    await withEmulator(async (emu) => {
      const before = await orgState(emu);
      const result = await runContractSuite({ upstream: emu.url, token: TOKEN, allowWrites: false, out: () => {} });
      expect(result.failed).toBe(0);
      expect(result.skipped).toBeGreaterThan(15);
      const writes = emu.journal().filter((e) => e.method !== 'GET');
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.filter((e) => e.status < 400)).toEqual([]);
      expect(await orgState(emu)).toEqual(before);
    });
  });

  it('reports where a target differs, check by check, and counts the failures', async () => {
    await withEmulator(async (emu) => {
      emu.addFaultRule({ match: { method: 'GET', path: '/api/v1/meta/types/user' }, status: 500 });
      const lines: string[] = [];
      const result = await runContractSuite({
        upstream: emu.url,
        token: TOKEN,
        allowWrites: false,
        out: (l) => lines.push(l),
      });
      expect(result.failed).toBeGreaterThan(0);
      expect(lines).toContainEqual(
        expect.stringMatching(/^FAIL listUserTypes: exactly one default user type — expected 200, got 500/),
      );
      expect(lines[lines.length - 1]).toBe(`contract: ${result.passed} passed, ${result.failed} failed`);
    });
  });
});
