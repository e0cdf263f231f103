// The built tree: tests that run dist/ (what `npm start` runs) first make sure it is not older than
// the sources. `npm test` and `npm install` build it; a developer runs `npm run build`.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestModification(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

export function assertBuilt(): void {
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
    newestModification(join(ROOT, 'schema.graphql')),
  );
  if (built < sources) throw new Error('dist/ is missing or older than src/: run `npm run build` (`npm test` does)');
}
