module.exports = async function globalTeardown() {
  await globalThis.__emulator.stop();
};
