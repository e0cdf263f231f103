// Optional persistence of the org to one JSON file, written atomically (temporary file, then
// rename) after each change. Writes are serialized and coalesced: a burst of changes costs one
// write of the latest state after the one in flight.
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { OrgData } from './store.ts';

export class StateFileError extends Error {}

export function readState(path: string): OrgData | undefined {
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new StateFileError(
      `state file ${path} is corrupt: ${(e as Error).message}. Fix or remove it to start from a new org.`,
    );
  }
  const d = raw as Partial<OrgData>;
  const isObj = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (
    !isObj(d) ||
    !isObj(d.policies) ||
    !isObj(d.policyOrder) ||
    !isObj(d.rules) ||
    !Array.isArray(d.userTypes) ||
    !isObj(d.appPolicies)
  ) {
    throw new StateFileError(
      `state file ${path} is corrupt: it is not an emulator state (policies, policyOrder, rules, userTypes, appPolicies). Fix or remove it.`,
    );
  }
  for (const ids of Object.values(d.policyOrder!)) {
    if (!Array.isArray(ids) || ids.some((id) => !d.policies![id as string])) {
      throw new StateFileError(
        `state file ${path} is corrupt: policyOrder names a policy that does not exist. Fix or remove it.`,
      );
    }
  }
  if (!d.userTypes!.some((t) => (t as { default?: boolean }).default)) {
    throw new StateFileError(`state file ${path} is corrupt: it has no default user type. Fix or remove it.`);
  }
  return d as OrgData;
}

export class StateWriter {
  private pending = false;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly snapshot: () => OrgData,
  ) {}

  /** Schedules a write of the current state. */
  schedule(): void {
    if (this.pending) return;
    this.pending = true;
    this.running = this.running.then(async () => {
      this.pending = false;
      const tmp = `${this.path}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, JSON.stringify(this.snapshot()));
        await rename(tmp, this.path);
      } catch (e) {
        console.error(`emulator: could not write state file ${this.path}: ${(e as Error).message}`);
      }
    });
  }

  /** Resolves when every scheduled write has finished. */
  flush(): Promise<void> {
    return this.running;
  }
}
