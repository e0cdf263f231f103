// An org of `size` password policies, built through the store (fast):
// `tsx bench/large-org-emulator.ts <size> <statePath>` writes it to the state file and exits;
// `tsx bench/large-org-emulator.ts <size>` serves it from memory, the baseline that the durable
// emulator is measured against.
import { startEmulator } from '../packages/emulator/src/emulator/index.ts';
import { seedPolicies } from '../test/helpers/seed.ts';

const [size, statePath] = [Number(process.argv[2]), process.argv[3]];
const emulator = await startEmulator({ port: 0, token: process.env.EMULATOR_TOKEN ?? 'dev-token', statePath });
await seedPolicies(emulator, 'PASSWORD', size);
if (statePath) await emulator.close();
else console.log(`listening on ${emulator.url}`);
