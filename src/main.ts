// `npm start`: the GraphQL gateway. Without UPSTREAM_URL it also starts the embedded emulator
// (configured by the same EMULATOR_* variables as `npm run emulator`) and uses it as upstream.
import { ConfigError } from './config/env.ts';
import { readStartConfig } from './config/gateway.ts';
import { FixtureError } from './emulator/org/fixture.ts';
import { startEmulator } from './emulator/index.ts';
import { StateFileError } from './emulator/org/persistence.ts';
import { startGateway } from './gateway/server.ts';
import { UpstreamClient } from './upstream/client.ts';

type Stop = () => Promise<void>;

async function main(): Promise<void> {
  const { gateway: config, emulator: emulatorConfig } = readStartConfig(process.env);

  const stops: Stop[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const emulator = emulatorConfig ? await startEmulator(emulatorConfig) : undefined;
    if (emulator) stops.push(() => emulator.close());
    // readStartConfig gives emulator settings exactly when UPSTREAM_URL is unset.
    const baseUrl = config.upstreamUrl ?? emulator?.url ?? '';
    const upstream = new UpstreamClient({ baseUrl, ...config.upstream });
    stops.push(() => upstream.close());
    const gateway = await startGateway({
      port: config.port,
      host: config.host,
      upstream,
      http: config.http,
      corsOrigins: config.corsOrigins,
      graphiql: config.graphiql,
      introspection: config.introspection,
      emulatorToken: emulatorConfig?.token,
    });
    stops.push(() => gateway.close());

    const upstreamText = emulator
      ? `embedded emulator at ${emulator.url}/api/v1 (token from EMULATOR_TOKEN)`
      : `${config.upstreamUrl} (callers' Authorization headers forwarded)`;
    console.log(`gateway: GraphQL and GraphiQL at ${gateway.url}/graphql; upstream: ${upstreamText}`);
  } catch (error) {
    await stopAll();
    throw error;
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop waiting
    stopping = true;
    console.log(`gateway: ${signal} received, shutting down`);
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // Bad settings, fixture or state file: a message naming the problem, exit code 2, no stack.
  if (error instanceof ConfigError || error instanceof FixtureError || error instanceof StateFileError) {
    console.error(`gateway: ${error.message}`);
    process.exit(2);
  }
  const code = (error as { code?: unknown }).code;
  console.error(
    `gateway: cannot start: ${error instanceof Error ? error.message : String(error)}${code === 'EADDRINUSE' ? ' (port already in use)' : ''}`,
  );
  process.exit(1);
});
