const { join } = require('node:path');
const { startEmulator } = require('policy-service-emulator');

module.exports = async function globalSetup() {
  globalThis.__emulator = await startEmulator({ port: 0, fixture: join(__dirname, '../../fixture.json') });
  // The test workers inherit these.
  process.env.EMULATOR_URL = globalThis.__emulator.url;
  process.env.EMULATOR_TOKEN = globalThis.__emulator.token;
};
