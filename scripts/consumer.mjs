// `npm run consumer` (CI runs it after `npm test`): packs both packages as they would be published,
// installs the two tarballs into a scratch copy of examples/consumer (nothing else of this
// repository is reachable from there) and runs its tests, so that a broken package (a missing
// file, export, type declaration, bin or dependency) fails here, not in another team's project.
// The tarballs are local files; the example's other packages come from the npm cache or registry.
// An install that prints any `npm warn` (an engine a dependency wants, an install script, …) fails:
// another team would see it on every `npm install`. Then the docs' recipes run as written over the
// same tarballs (scripts/recipes.mjs). `npm run consumer -- --recipes [NAME ...]` runs the recipes
// alone (the named ones, or all).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRecipes } from './recipes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** What a tarball must not carry: sources, tests and tooling of the repository. */
const NOT_SHIPPED = /^(src|test|bench|scripts|examples|docs|packages|node_modules)\/|\.test\.|tsconfig/;

function sh(cwd, args) {
  const r = spawnSync(npm, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.status}) in ${cwd}\n${r.stdout}`);
  return r.stdout;
}

/** `npm install` of `packages` in `cwd`, refused when npm warns about anything. */
function install(cwd, packages) {
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages];
  const r = spawnSync(npm, args, { cwd, encoding: 'utf8' });
  const output = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.status}) in ${cwd}\n${output}`);
  const warnings = output.split('\n').filter((line) => line.startsWith('npm warn'));
  if (warnings.length) throw new Error(`npm install of ${packages.join(', ')} warned:\n${warnings.join('\n')}`);
}

const recipesOnly = process.argv[2] === '--recipes';
const recipeNames = recipesOnly ? process.argv.slice(3) : [];
const work = mkdtempSync(join(tmpdir(), 'policy-consumer-'));
let failed = false;
try {
  const started = performance.now();
  // One build serves both tarballs (`npm pack` alone would build each in its `prepack`).
  sh(root, ['run', 'build', '--silent']);
  const packed = JSON.parse(
    sh(root, [
      'pack',
      '--json',
      '--ignore-scripts',
      '--workspaces',
      '--include-workspace-root',
      '--pack-destination',
      work,
    ]),
  );
  for (const p of packed) {
    const stray = p.files.map((f) => f.path).filter((f) => NOT_SHIPPED.test(f));
    if (stray.length) throw new Error(`${p.name}: the tarball ships ${stray.join(', ')}`);
    console.log(`consumer: packed ${p.filename} (${p.entryCount} files, ${Math.round(p.size / 1024)} kB)`);
  }
  const app = join(work, 'consumer');
  cpSync(join(root, 'examples/consumer'), app, {
    recursive: true,
    filter: (from) => !/[/\\]node_modules([/\\]|$)/.test(from),
  });
  const tarballs = readdirSync(work)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => join(work, f));
  if (!recipesOnly) {
    // The emulator alone, as a team that needs no gateway installs it.
    const alone = join(work, 'emulator-alone');
    mkdirSync(alone);
    writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'emulator-alone', private: true }));
    install(
      alone,
      tarballs.filter((t) => /policy-service-emulator-[^/\\]*\.tgz$/.test(t)),
    );
    console.log('consumer: the emulator alone installs without a warning');
    install(app, tarballs);
    console.log('consumer: both packages install into the example without a warning');
  }
  if (!recipesOnly) {
    const tested = spawnSync(npm, ['test'], { cwd: app, stdio: 'inherit' });
    failed = tested.status !== 0;
  }
  if (!(await runRecipes({ tarballs, work, only: recipeNames }))) failed = true;
  console.log(`consumer: ${failed ? 'FAILED' : 'passed'} in ${Math.round((performance.now() - started) / 1000)} s`);
} catch (e) {
  failed = true;
  console.error(`consumer: ${e.message}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
