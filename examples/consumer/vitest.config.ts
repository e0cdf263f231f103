import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One emulator for the whole run (test/shared.test.ts); the other files start their own.
    globalSetup: ['./test/global-emulator.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
