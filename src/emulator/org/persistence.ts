// Optional persistence of the org to one JSON file, durable before any answer that depends on it:
// group commits written atomically (temporary file, fsync, rename, fsync of the directory).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type FileHandle, open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
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

/** Removes temporary files a crashed run left next to the state file (`<file>.<pid>.tmp`). */
export function removeStrayTempFiles(path: string): void {
  const dir = dirname(path);
  const stray = new RegExp(`^${escapeRegExp(basename(path))}\\.\\d+\\.tmp$`);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (stray.test(name)) rmSync(join(dir, name), { force: true });
}

/** Writes `text` to `path` so that a crash leaves either the old or the new file: temp file, fsync, rename, fsync of the directory. */
export async function writeFileDurably(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  const file = await open(tmp, 'w');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(tmp, path);
  await syncDirectory(dirname(path));
}

/** Makes a rename durable. Some platforms cannot open a directory for syncing; there the rename is as durable as it gets. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (e) {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
  } finally {
    await handle?.close();
  }
}

/**
 * Group commit of the org to its state file. `changed()` marks the org changed; `durable()` resolves
 * once every change made so far is on disk. The changes of one tick (and those made while a commit is
 * being written) go to disk together in the next commit, so a burst of writes costs few commits.
 */
export class StateWriter {
  /** The commit that will include every change not yet in a running commit. */
  private next?: Promise<void>;
  private running?: Promise<void>;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => OrgData,
  ) {}

  changed(): void {
    if (this.next) return;
    const previous = this.running ?? Promise.resolve();
    this.next = previous
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // From here on, a new change belongs to the commit after this one.
        this.next = undefined;
        const commit = this.commit();
        this.running = commit;
        commit.then(
          () => this.running === commit && (this.running = undefined),
          () => this.running === commit && (this.running = undefined),
        );
        return commit;
      });
  }

  /** Resolves when every change made so far is on disk; rejects when that commit failed. */
  durable(): Promise<void> {
    return this.next ?? this.running ?? Promise.resolve();
  }

  /** Waits for the last commit; a failure has already been reported. */
  async flush(): Promise<void> {
    await this.durable().catch(() => undefined);
  }

  private async commit(): Promise<void> {
    try {
      await writeFileDurably(this.path, JSON.stringify(this.snapshot()));
    } catch (e) {
      console.error(`emulator: could not write state file ${this.path}: ${(e as Error).message}`);
      throw e;
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
