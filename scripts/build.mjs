// `npm run build`: compiles the emulator's package (packages/emulator/src to its dist/, with type
// declarations) and then the gateway (src/ to dist/), and copies the files the compiled code reads
// at run time, so that each dist/ runs alone (`node dist/main.js`, `policy-emulator`), and the guide
// (docs/emulator.md) into the emulator's dist/docs/, so that the installed package carries it. The gateway
// imports the emulator's package by name, so the package is built first. `node scripts/build.mjs
// emulator` builds the package alone (its `prepack`); `--no-declarations` leaves out the emulator's type
// declarations, which need the compiler to read the whole program (`npm test`'s build: the tests run
// the JavaScript alone, and every packing build makes them); `node scripts/build.mjs gateway <dir>` builds a
// copy of the gateway's tree at <dir> (its src/ and tsconfig files) into <dir>/dist the same way (the
// bench's build without the tracing code, bench/performance/untraced.ts). Type checking is `npm run typecheck` (part of
// `npm test`); the build only emits, which keeps `npm start` in a fresh clone (its `prestart`) quick.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const PROJECTS = {
  emulator: {
    dir: join(root, 'packages/emulator'),
    tsconfig: 'tsconfig.json',
    /** Its declarations need the types the sources import: the whole program is read. */
    emitFlags: [],
    /** Read at run time relative to the module that reads it (src/emulator/org/fixture.ts). */
    assets: [['src/emulator/org/fixture.default.json', 'emulator/org/fixture.default.json']],
    /** The guide ships in the package (its README points to it), so an installed package leads to its docs. */
    guide: ['../../docs/emulator.md', 'docs/emulator.md'],
    bins: [],
  },
  gateway: {
    dir: root,
    tsconfig: 'tsconfig.build.json',
    /**
     * No declarations here, and each module emits alone (isolatedModules, verbatimModuleSyntax): the
     * compiler need not read what the sources import (the same dist/, half the compiler's work).
     */
    emitFlags: ['--noResolve'],
    /** Read at run time relative to the module that reads it (src/gateway/schema.ts, GraphiQL's sign-in). */
    assets: [
      // The whole schema: schema.graphql joined with the contract half (npm run codegen).
      ['src/generated/schema.graphql', 'schema.graphql'],
      ['src/gateway/plugins/graphiqlSignIn.browser.js', 'gateway/plugins/graphiqlSignIn.browser.js'],
      ['src/gateway/plugins/pkce.browser.js', 'gateway/plugins/pkce.browser.js'],
    ],
    bins: ['main.js'],
  },
};

/** A page of docs/ as shipped alone: its links to the repository's other pages become their names. */
function shippedPage(text) {
  return text.replace(/\[[^\]]+\]\(([a-z-]+\.md)(?:#[^)]*)?\)/g, '`docs/$1` of the repository');
}

/** Without declarations each module emits alone, as the gateway's do (--noResolve): the same JavaScript. */
const JS_ONLY_FLAGS = ['--declaration', 'false', '--noResolve'];

function build({ dir, tsconfig, emitFlags, assets, guide, bins }) {
  const dist = join(dir, 'dist');
  // A file deleted from src/ must not live on in dist/.
  rmSync(dist, { recursive: true, force: true });
  const compiled = spawnSync(process.execPath, [tsc, '-p', join(dir, tsconfig), '--noCheck', ...emitFlags], {
    stdio: 'inherit',
  });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
  for (const [from, to] of assets) {
    mkdirSync(dirname(join(dist, to)), { recursive: true });
    copyFileSync(join(dir, from), join(dist, to));
  }
  if (guide) {
    mkdirSync(dirname(join(dist, guide[1])), { recursive: true });
    writeFileSync(join(dist, guide[1]), shippedPage(readFileSync(join(dir, guide[0]), 'utf8')));
  }
  for (const bin of bins) chmodSync(join(dist, bin), 0o755);
}

const args = process.argv.slice(2);
const jsOnly = args.includes('--no-declarations');
const [only, copyDir] = args.filter((arg) => arg !== '--no-declarations');
if (only !== undefined && !(only in PROJECTS)) {
  console.error(`build: unknown project ${only} (known: ${Object.keys(PROJECTS).join(', ')})`);
  process.exit(2);
}
if (copyDir !== undefined && only !== 'gateway') {
  console.error('build: only the gateway builds from a copy of its tree');
  process.exit(2);
}
if (copyDir !== undefined) build({ ...PROJECTS.gateway, dir: resolve(copyDir) });
else {
  for (const [name, project] of Object.entries(PROJECTS)) {
    if (!only || only === name)
      build(jsOnly ? { ...project, emitFlags: [...project.emitFlags, ...JS_ONLY_FLAGS] } : project);
  }
}
