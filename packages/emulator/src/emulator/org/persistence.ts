// The org's state file: a JSON snapshot of the org (`<file>`) plus a journal of the commits since
// (`<file>.journal`, one JSON line per commit). Reading replays the journal over the snapshot; files
// are replaced atomically (temporary file, fsync, rename, fsync of the directory).
//
// Journal lines: `policies` and `rules` carry the entries that changed (`null`: deleted),
// `policyOrder` a splice `[at, removed, ...inserted ids]` per policy type, and any other member its
// whole new value. The snapshot and the journal's first line carry a generation number. A journal of
// the generation before the snapshot's is one a crash left between the two renames of a new
// snapshot: it is already part of the snapshot and is ignored. Any other damage stops the start
// with a message saying what is wrong and what to do, and nothing is overwritten.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type FileHandle, open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { OrgData } from './store.ts';

/** Top-level members of the org kept entry by entry (journaled per id): policies, rules and the directory. */
export const ENTRY_MAPS = ['policies', 'rules', 'users', 'groups', 'zones'] as const;
export type EntryMap = (typeof ENTRY_MAPS)[number];
/** The member of the snapshot and of the journal's first line that holds the generation. */
export const GENERATION = '$journal';

export const journalPath = (path: string) => `${path}.journal`;

/** The org of the state file, and the generation of its snapshot. */
export interface SavedState {
  data: OrgData;
  generation: number;
  /** What was repaired on reading (a torn last journal record dropped), to be reported. */
  warnings: string[];
}

export class StateFileError extends Error {
  /** What a caught error reports (`err.name`), also where `instanceof` cannot be used (CommonJS). */
  override readonly name = 'StateFileError';
}

export function readState(path: string): OrgData | undefined {
  return readSavedState(path)?.data;
}

export function readSavedState(path: string): SavedState | undefined {
  if (!existsSync(path)) {
    if (!existsSync(journalPath(path))) return undefined;
    // The journal holds commits over a snapshot that is gone: starting anew would lose them.
    throw new StateFileError(
      `state file ${path} is missing but its journal ${journalPath(path)} exists: the journal cannot be ` +
        `replayed without the snapshot. Restore ${path} from a backup, or remove the journal to start from a new org.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new StateFileError(
      `state file ${path} is corrupt or unreadable (${(e as Error).message}). Restore it from a backup, or remove it ` +
        `and its journal ${journalPath(path)} to start from a new org.`,
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
    !isObj(d.appPolicies) ||
    (d.oauthClients !== undefined && !isObj(d.oauthClients))
  ) {
    throw new StateFileError(
      `state file ${path} is corrupt: it is not an emulator state (policies, policyOrder, rules, userTypes, appPolicies, oauthClients). Fix or remove it.`,
    );
  }
  const generation = (d as Record<string, unknown>)[GENERATION];
  delete (d as Record<string, unknown>)[GENERATION];
  const warnings = replayJournal(path, d as OrgData, typeof generation === 'number' ? generation : 0);
  if (!isObj(d.policyOrder) || !Array.isArray(d.userTypes) || !isObj(d.appPolicies)) {
    throw new StateFileError(`state file ${journalPath(path)} is corrupt: it replaces a member with a wrong shape.`);
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
  return { data: d as OrgData, generation: typeof generation === 'number' ? generation : 0, warnings };
}

/**
 * Applies the journal's commits in order, when the journal belongs to the snapshot's generation. A
 * last line without its newline is a commit torn by a crash: it was never acknowledged, so it is
 * dropped with a warning (returned). Any other bad line means the file is corrupt.
 */
function replayJournal(path: string, data: OrgData, generation: number): string[] {
  const file = journalPath(path);
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  const tail = lines.pop(); // the torn tail, or '' after the last newline
  const warnings = tail
    ? [
        `state file ${file}: dropped the torn last record at line ${lines.length + 1} ` +
          `(${Buffer.byteLength(tail)} bytes without an end of line; a write cut short by a crash, never acknowledged)`,
      ]
    : [];
  const corrupt = (i: number, why: string) =>
    new StateFileError(
      `state file ${file} is corrupt at line ${i + 1}: ${why}. The commits from there on cannot be read; ` +
        `restore the journal from a backup, or remove it to start from the snapshot ${path} alone ` +
        `(losing the journal's commits).`,
    );
  const parse = (i: number): Record<string, unknown> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(lines[i]);
    } catch (e) {
      throw corrupt(i, (e as Error).message);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw corrupt(i, 'not an object');
    return parsed as Record<string, unknown>;
  };
  if (lines.length === 0) return warnings;
  const journalGeneration = parse(0)[GENERATION];
  // The generation before the snapshot's: a crash between writing the snapshot and its new journal.
  if (journalGeneration === generation - 1) return warnings;
  if (journalGeneration !== generation) {
    throw new StateFileError(
      `state file ${file} belongs to generation ${JSON.stringify(journalGeneration)} but the snapshot ${path} ` +
        `is of generation ${generation}: they come from different runs or copies. Put back the journal that ` +
        `belongs to this snapshot, or remove the journal to start from the snapshot alone.`,
    );
  }
  for (let i = 1; i < lines.length; i++) {
    const commit = parse(i);
    for (const [key, value] of Object.entries(commit)) {
      if (!(ENTRY_MAPS as readonly string[]).includes(key) && key !== 'policyOrder') {
        (data as unknown as Record<string, unknown>)[key] = value;
        continue;
      }
      if (typeof value !== 'object' || value === null) throw corrupt(i, `${key} is not an object`);
      // A directory member a snapshot of an older run lacks starts empty.
      const members = data as unknown as Record<string, unknown>;
      members[key] ??= {};
      const map = members[key] as Record<string, unknown>;
      for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
        if (key === 'policyOrder') {
          if (!Array.isArray(entry) || typeof entry[0] !== 'number' || typeof entry[1] !== 'number') {
            throw corrupt(i, `policyOrder.${id} is not a splice`);
          }
          const [at, removed, ...inserted] = entry as [number, number, ...string[]];
          map[id] ??= [];
          (map[id] as string[]).splice(at, removed, ...inserted);
        } else if (entry === null) delete map[id];
        else map[id] = entry;
      }
    }
  }
  return warnings;
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
