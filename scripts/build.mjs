// `npm run build`: compiles src/ to dist/ and copies the files the compiled code reads at run time,
// so that dist/ runs alone (`node dist/main.js`). Type checking is `npm run typecheck` (part of
// `npm test`); the build only emits, which keeps `npm install` (the `prepare` script) quick.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
/** Read at run time by the compiled code, relative to its own module (see src/gateway/schema.ts and src/emulator/org/fixture.ts). */
const ASSETS = [
  ['schema.graphql', 'schema.graphql'],
  ['src/emulator/org/fixture.default.json', 'emulator/org/fixture.default.json'],
];

// A file deleted from src/ must not live on in dist/.
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--noCheck'], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
for (const [from, to] of ASSETS) {
  mkdirSync(dirname(join(dist, to)), { recursive: true });
  copyFileSync(join(root, from), join(dist, to));
}
