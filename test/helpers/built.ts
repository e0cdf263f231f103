// The built tree: tests that run dist/ (what `npm start` runs) first make sure it is not older than
// the sources. `npm test` builds it while the other tests run (scripts/checks.mjs): a file that runs
// dist/ calls useBuiltTree(), which waits for that build to end before the file's tests. A developer
// running vitest alone runs `npm run build` first.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Set by `npm test`: answers once its build has ended, 200 when it succeeded. */
const BUILD_GATE = process.env.TEST_BUILD_GATE;
/** A build beside the tests on a busy machine takes a while; it is waited for, not timed. */
const BUILD_TIMEOUT = 180_000;
let buildEnded = BUILD_GATE === undefined;

function newestModification(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

/** Before the tests of the file (or describe block): waits for `npm test`'s build, then asserts a fresh dist/. */
export function useBuiltTree(): void {
  beforeAll(async () => {
    if (!buildEnded) {
      const answer = await fetch(BUILD_GATE!);
      if (!answer.ok) throw new Error(`npm run build failed, so dist/ cannot be tested:\n${await answer.text()}`);
      buildEnded = true;
    }
    assertBuilt();
  }, BUILD_TIMEOUT);
}

export function assertBuilt(): void {
  // Under `npm test`, dist/ is being rebuilt until the build gate opens.
  if (!buildEnded) throw new Error('dist/ is used before `npm test` built it: call useBuiltTree() in the test file');
  const builtAt = (file: string) => {
    try {
      return statSync(join(ROOT, file)).mtimeMs;
    } catch {
      return 0; // not built at all
    }
  };
  // The gateway's dist/ runs the emulator package's dist/ (its dependency through the workspace).
  const built = Math.min(builtAt('dist/main.js'), builtAt('packages/emulator/dist/index.js'));
  const sources = Math.max(
    newestModification(join(ROOT, 'src')),
    newestModification(join(ROOT, 'packages/emulator/src')),
    newestModification(join(ROOT, 'src/generated/schema.graphql')),
  );
  if (built < sources) throw new Error('dist/ is missing or older than src/: run `npm run build` (`npm test` does)');
}
