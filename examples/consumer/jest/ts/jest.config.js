// ts-jest with its default preset (TypeScript compiled to CommonJS, type checked) in a CommonJS
// project: the emulator starts in globalSetup, which runs outside Jest's sandbox.
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
};
