// Jest in a CommonJS project (what `npm init -y` makes): one emulator for the whole run, started
// by globalSetup, which runs outside Jest's sandbox and so can load the emulator. No flags needed.
module.exports = {
  testEnvironment: 'node',
  globalSetup: './global-setup.js',
  globalTeardown: './global-teardown.js',
};
