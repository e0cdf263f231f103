// The bench's build without the tracing code (bench/performance/untraced.ts) cuts tracing out of a
// copy of src/ by matching its hooks: this keeps the cuts true to src/ between bench runs, so that a
// change to a hook fails here rather than when the bench next runs, and proves the copy stands alone.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOVED_FROM_SRC, untracedSources } from '../../bench/performance/untraced.ts';
import { ROOT } from '../helpers/built.ts';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const removed = (file: string) => REMOVED_FROM_SRC.some((path) => file === path || file.startsWith(`${path}/`));

function sourcesOf(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe('the gateway built without the tracing code', () => {
  const cut = untracedSources(read);

  it('has every cut match its hook once, and no cut file still names the tracer', () => {
    expect(cut.size).toBeGreaterThan(0);
    for (const [file, text] of cut) {
      expect(text, file).not.toMatch(
        /\btraced\?\.|call\.trace\?\.|operation\.tracer|options\.tracing\?\.|budgetWait|traceIdsOf\)/,
      );
    }
  });

  it('imports nothing it removed', () => {
    const importers = sourcesOf('src')
      .filter((file) => !removed(file))
      .flatMap((file) => {
        const text = cut.get(file) ?? read(file);
        // Type-only imports are erased by the build: they may name what was removed.
        const runtime = text.replace(/^import type [^;]*;/gm, '');
        return [...runtime.matchAll(/(?:from|import\() *'(\.[^']+)'/g)].map(([, spec]) => ({
          file,
          target: normalize(join(dirname(file), spec!)),
        }));
      });
    expect(importers.filter(({ target }) => removed(target))).toEqual([]);
  });
});
