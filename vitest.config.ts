import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // One graphql module for everyone: without this alias our sources load graphql's ESM build
  // while yoga and graphql-tools load its CommonJS build, and `instanceof GraphQLError` fails.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  // Imports of policy-service-emulator read its sources, like tsc (see tsconfig.json).
  ssr: { resolve: { conditions: ['emulator-source', 'module', 'node', 'development|production'] } },
  test: {
    // Type-level tests (`*.test-d.ts`) are compiled by `npm run typecheck` (tsc over the whole
    // project), which `npm test` runs beside vitest (scripts/checks.mjs): a wrong type fails it.
    include: ['test/**/*.test.ts'],
    // One headless Chromium for the browser tests of the whole run (test/helpers/browser.ts).
    globalSetup: ['test/helpers/browserServer.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Every test file starts its own servers and shares no state through modules, so test files
    // reuse the modules their worker already loaded (isolating each file reloaded the whole stack
    // per file: over half of the suite's CPU time). One worker per core, since much of a test is
    // waiting for HTTP and child processes; spies are restored after every test.
    isolate: false,
    maxWorkers: '100%',
    restoreMocks: true,
  },
});
