// Every name docs/emulator.md gives, imported as an ES module project imports them. tsc checks this
// file with node16 resolution (tsconfig.esm.json) and with bundler resolution (tsconfig.bundler.json):
// a name the package does not export, or an option it does not take, fails the check.
import {
  DEFAULT_TOKEN,
  type Emulator,
  type EmulatorOptions,
  type FaultRule,
  type FaultRuleInput,
  type FaultSettings,
  FixtureError,
  type FixtureInput,
  type JournalEntry,
  type RunningEmulator,
  type StartEmulatorOptions,
  StateFileError,
  startEmulator,
  startEmulatorServer,
} from 'policy-service-emulator';
import { readEmulatorConfig } from 'policy-service-emulator/config';
import { OPERATIONS, openApiDocument } from 'policy-service-emulator/contract';
import type { ErrorBody, Policy, PolicyRule, UserType } from 'policy-service-emulator/types';

const fixture: FixtureInput = { groups: [{ id: '00g1staff', name: 'Staff' }] };
export const options: StartEmulatorOptions = { port: 0, token: DEFAULT_TOKEN, fixture, journalCap: 100 };
export const serverOptions: EmulatorOptions = { port: 0, token: 't', journalCap: 100 };
// @ts-expect-error a fixture member the emulator does not know is a type error, not only a start-up one
export const misspelt: StartEmulatorOptions = { fixture: { bogus: 1 } };

export async function controls(emulator: Emulator): Promise<[JournalEntry[], FaultRule, FaultSettings]> {
  const rule: FaultRuleInput = { match: { method: 'GET' }, status: 503, times: 1 };
  return [emulator.journal(0), emulator.addFaultRule(rule), await emulator.setFaults({ errorRate: 0 })];
}

export type Names = [RunningEmulator, ErrorBody, Policy, PolicyRule, UserType];
export const values = [FixtureError, StateFileError, startEmulator, startEmulatorServer, readEmulatorConfig];
export const contract = [OPERATIONS, openApiDocument];
