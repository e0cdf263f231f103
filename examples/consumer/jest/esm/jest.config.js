// Jest in an ES module project ("type": "module"): one emulator for the whole run, started by
// globalSetup, plus a test file that starts its own. Run with `node --experimental-vm-modules`
// (Jest needs it to load ES modules inside test files); `transform: {}` keeps the files as written.
export default {
  testEnvironment: 'node',
  globalSetup: './global-setup.js',
  globalTeardown: './global-teardown.js',
  transform: {},
};
