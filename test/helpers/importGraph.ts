// The static import graph of the project's TypeScript: every `import … from`, `export … from` and
// side-effect `import '…'` between .ts files (dynamic `import()` excluded: a module loaded on demand
// is not loaded with its importer). `policy-service-emulator[/sub]` resolves to the package's sources,
// as under the `emulator-source` condition. Other packages are left out.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './built.ts';

const EMULATOR_PACKAGE = join(ROOT, 'packages/emulator');
const emulatorExports = JSON.parse(readFileSync(join(EMULATOR_PACKAGE, 'package.json'), 'utf8')).exports as Record<
  string,
  { 'emulator-source'?: string } | string
>;

const STATIC_IMPORT =
  /^[ \t]*(?:import|export)\s+(type\s+)?(?:[\w$]+\s*,\s*)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\}|[\w$]+)\s+from\s+['"]([^'"]+)['"]|^[ \t]*import\s+['"]([^'"]+)['"]/gm;

export interface Import {
  /** Absolute path of the imported .ts file. */
  file: string;
  /** `import type` / `export type`: erased at run time. */
  typeOnly: boolean;
}

/** The absolute .ts file a specifier names, or undefined for another package. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  const match = /^policy-service-emulator(\/.*)?$/.exec(specifier);
  if (!match) return undefined;
  const entry = emulatorExports[`.${match[1] ?? ''}`];
  const source = typeof entry === 'object' ? entry['emulator-source'] : undefined;
  if (!source) throw new Error(`policy-service-emulator has no source for ${specifier}`);
  return join(EMULATOR_PACKAGE, source);
}

export function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const specifier = m[2] ?? m[3];
    const target = resolveSpecifier(file, specifier);
    if (target?.endsWith('.ts')) found.push({ file: target, typeOnly: Boolean(m[1]) });
  }
  return found;
}

/** Every file reachable from `roots`, with its imports (type-only ones included unless `runtimeOnly`). */
export function importGraph(roots: string[], { runtimeOnly = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [...roots];
  while (pending.length) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const targets = importsOf(file)
      .filter((i) => !(runtimeOnly && i.typeOnly))
      .map((i) => i.file);
    graph.set(file, targets);
    pending.push(...targets);
  }
  return graph;
}

/** One cycle of the graph as a path of files (first = last), or undefined when it has none. */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

/** A path relative to the project root, for messages. */
export const fromRoot = (file: string) => relative(ROOT, file);
