// Settings as a leaf, and no import cycle: config/ (the gateway's and the emulator package's) reads
// the environment into plain values and loads nothing else; the modules import their defaults from
// it, never the other way round; the plan engine, errors/ and idempotency/ load nothing of the
// gateway; the gateway's entry loads no emulator module unless it starts one.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT, useBuiltTree } from '../helpers/built.ts';
import { findCycle, fromRoot, importGraph, importsOf } from '../helpers/importGraph.ts';
import { run, type Running } from '../helpers/process.ts';
import { settingsEnv } from '../helpers/settingsEnv.ts';

const sources = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(ROOT, dir, f));
const ALL = [...sources('src'), ...sources('packages/emulator/src')];
const GATEWAY_CONFIG = join(ROOT, 'src/config/');
const EMULATOR_CONFIG = join(ROOT, 'packages/emulator/src/config/');
const inConfig = (file: string) => file.startsWith(GATEWAY_CONFIG) || file.startsWith(EMULATOR_CONFIG);

describe('the import graph', () => {
  it('reads the static imports and re-exports of a module, not its dynamic imports', () => {
    const start = importsOf(join(ROOT, 'src/start.ts')).map((i) => fromRoot(i.file));
    expect(start).toContain('src/config/gateway.ts');
    expect(start).toContain('src/gateway/server.ts');
    expect(start.some((f) => f.startsWith('packages/emulator/src/index.ts'))).toBe(false);
    // main.ts loads start.ts by a dynamic import, after the young generation is held.
    expect(importsOf(join(ROOT, 'src/main.ts')).map((i) => fromRoot(i.file))).toEqual(['src/heldAtStart.ts']);
    const configIndex = importsOf(join(EMULATOR_CONFIG, 'index.ts')).map((i) => fromRoot(i.file));
    expect(configIndex).toContain('packages/emulator/src/config/setting.ts');
    expect(importsOf(join(ROOT, 'src/config/emulator.ts')).map((i) => fromRoot(i.file))).toEqual([
      'packages/emulator/src/config/index.ts',
    ]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    graph.set('c', ['d']);
    expect(findCycle(graph)).toBeUndefined();
  });

  // Type-only imports (`import type`) are erased by the compiler and cannot decide a load order.
  it('has no cycle in src/ or packages/emulator/src/', () => {
    const graph = importGraph(ALL, { runtimeOnly: true });
    expect(graph.size).toBeGreaterThanOrEqual(ALL.length);
    expect(findCycle(graph)?.map(fromRoot)).toBeUndefined();
  });

  it('has no cycle in src/ even counting type-only imports', () => {
    const graph = importGraph(sources('src'));
    expect(findCycle(graph)?.map(fromRoot)).toBeUndefined();
  });
});

describe('config/ is a leaf', () => {
  it('loading the gateway’s settings loads config modules only (types included)', () => {
    const loaded = [...importGraph([join(GATEWAY_CONFIG, 'gateway.ts')]).keys()];
    expect(loaded.length).toBeGreaterThan(4);
    expect(loaded.filter((f) => !inConfig(f)).map(fromRoot)).toEqual([]);
  });

  it('loading the emulator’s settings loads its config modules only (types included)', () => {
    const loaded = [...importGraph([join(EMULATOR_CONFIG, 'index.ts')]).keys()];
    expect(loaded.filter((f) => !f.startsWith(EMULATOR_CONFIG)).map(fromRoot)).toEqual([]);
  });

  it('no module of config/ imports from outside config/', () => {
    const configFiles = ALL.filter(inConfig);
    expect(configFiles.length).toBeGreaterThan(8);
    for (const file of configFiles) {
      const outside = importsOf(file).filter((i) => !inConfig(i.file));
      expect(
        outside.map((i) => fromRoot(i.file)),
        fromRoot(file),
      ).toEqual([]);
    }
  });
});

// The plan engine, the error mapping and the idempotent creates sit below the gateway: the
// resolvers use them, and none of them loads a module of src/gateway/ (types included).
describe('the layers below the gateway', () => {
  const GATEWAY = join(ROOT, 'src/gateway/');

  it.each(['src/policyDocument', 'src/errors', 'src/idempotency'])('%s loads nothing from src/gateway/', (dir) => {
    const roots = sources(dir);
    expect(roots.length).toBeGreaterThan(2);
    const loaded = [...importGraph(roots).keys()];
    expect(loaded.filter((f) => f.startsWith(GATEWAY)).map(fromRoot)).toEqual([]);
  });

  it('sees an import of src/gateway/ when there is one', () => {
    const loaded = [...importGraph([join(ROOT, 'src/gateway/resolvers/policyDocument.ts')]).keys()];
    expect(loaded.some((f) => f.startsWith(GATEWAY))).toBe(true);
    expect(loaded).toContain(join(ROOT, 'src/policyDocument/engine.ts'));
  });
});

// The emulator's rooms, bottom to top: each module imports only from its own room and the rooms
// below (types included). The answers and ids every room uses; who may call (roles, rights,
// secrets, OAuth client records); the policy types' rules; the org's state with its directory; the
// simulation engine over that state; the authorization server; the REST handlers; the HTTP server;
// the entry points.
describe("the emulator's layers", () => {
  const EMULATOR = join(ROOT, 'packages/emulator/src/emulator/');
  const LAYERS = [
    ['common/'],
    ['access/'],
    ['policyTypes/'],
    ['org/', 'directory/'],
    ['simulation/'],
    ['auth/'],
    ['routes/'],
    ['http/'],
    ['index.ts', 'main.ts'],
  ];
  const layerOf = (file: string) => {
    const path = file.slice(EMULATOR.length);
    return LAYERS.findIndex((rooms) =>
      rooms.some((room) => (room.endsWith('/') ? path.startsWith(room) : path === room)),
    );
  };
  const modules = sources('packages/emulator/src/emulator');

  it('puts every module of the emulator in a layer', () => {
    expect(modules.length).toBeGreaterThan(80);
    expect(modules.filter((file) => layerOf(file) < 0).map(fromRoot)).toEqual([]);
  });

  it('imports downwards only', () => {
    const upwards = modules.flatMap((file) =>
      importsOf(file)
        .filter((i) => i.file.startsWith(EMULATOR) && layerOf(i.file) > layerOf(file))
        .map((i) => `${fromRoot(file)} -> ${fromRoot(i.file)}`),
    );
    expect(upwards).toEqual([]);
  });

  it('sees an upward import when there is one', () => {
    const server = join(EMULATOR, 'http/server.ts');
    const routes = importsOf(server).filter((i) => i.file.startsWith(join(EMULATOR, 'routes/')));
    expect(routes.length).toBeGreaterThan(3);
    expect(layerOf(server)).toBeGreaterThan(layerOf(routes[0].file));
  });
});

describe('the gateway entry and the emulator', () => {
  useBuiltTree();
  // The REST contract and the wire types (packages/emulator/src/rest/) are shared; the emulator is
  // everything else of the package but its settings.
  const isEmulator = (file: string) => file.includes('/packages/emulator/') && !/\/(config|rest)\//.test(file);

  it('src/start.ts imports no emulator module statically', () => {
    const loaded = [...importGraph([join(ROOT, 'src/start.ts')]).keys()];
    expect(loaded.length).toBeGreaterThan(50);
    expect(loaded.filter(isEmulator).map(fromRoot)).toEqual([]);
  });

  const children: Running[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) {
      c.child.kill('SIGKILL');
      await c.exited;
    }
  });

  /** The modules dist/main.js has loaded once it serves. */
  async function loadedBy(settings: Record<string, string>): Promise<string[]> {
    assertBuilt();
    const log = join(mkdtempSync(join(tmpdir(), 'module-load-')), 'loaded.txt');
    const gateway = run(process.execPath, ['--import', './test/helpers/moduleLoadLog.mjs', 'dist/main.js'], {
      cwd: ROOT,
      env: settingsEnv({ PORT: '0', MODULE_LOAD_LOG: log, ...settings }),
    });
    children.push(gateway);
    await gateway.line((l) => l.includes('GraphQL and GraphiQL at'));
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url));
  }

  it('a gateway over a real org (UPSTREAM_URL set) loads no emulator module', async () => {
    const loaded = await loadedBy({ UPSTREAM_URL: 'http://127.0.0.1:9' });
    expect(loaded.some((f) => f.endsWith('/dist/main.js'))).toBe(true);
    // The package's modules are seen where they are (its settings are loaded, as a leaf).
    expect(loaded.some((f) => f.includes('/packages/emulator/dist/config/'))).toBe(true);
    expect(loaded.filter(isEmulator).map(fromRoot)).toEqual([]);
  });
});
