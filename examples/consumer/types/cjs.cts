// The same names in a CommonJS TypeScript project (a .cts file, node16 resolution:
// tsconfig.cjs.json). `require` gets the package's CommonJS entry, whose functions are async; the
// error classes, the contract and the settings reader come through `import()`.
import type {
  Emulator,
  EmulatorOptions,
  FaultRule,
  FaultRuleInput,
  FaultSettings,
  FixtureInput,
  JournalEntry,
  RunningEmulator,
  StartEmulatorOptions,
} from 'policy-service-emulator';
import { startEmulator, startEmulatorServer } from 'policy-service-emulator';
import type { ErrorBody, Policy, PolicyRule, UserType } from 'policy-service-emulator/types';

const fixture: FixtureInput = { groups: [{ id: '00g1staff', name: 'Staff' }] };
export const options: StartEmulatorOptions = { port: 0, fixture, journalCap: 100 };
// @ts-expect-error a fixture member the emulator does not know is a type error, not only a start-up one
export const misspelt: StartEmulatorOptions = { fixture: { bogus: 1 } };

export const start: (options?: StartEmulatorOptions) => Promise<Emulator> = startEmulator;
export const startServer: (options: EmulatorOptions) => Promise<RunningEmulator> = startEmulatorServer;

export async function controls(emulator: Emulator): Promise<[JournalEntry[], FaultRule, FaultSettings]> {
  const rule: FaultRuleInput = { match: { method: 'GET' }, status: 503, times: 1 };
  return [emulator.journal(0), emulator.addFaultRule(rule), await emulator.setFaults({ errorRate: 0 })];
}

export async function isFixtureError(error: unknown): Promise<boolean> {
  const { FixtureError } = await import('policy-service-emulator');
  return error instanceof FixtureError;
}

export type Names = [ErrorBody, Policy, PolicyRule, UserType];
