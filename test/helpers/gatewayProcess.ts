// A gateway replica in its own process: dist/main.js (what `npm start` runs; a file using it calls
// useBuiltTree()) with the given settings, resolved once it logs its GraphQL URL; its output is kept.
import { once } from 'node:events';
import { assertBuilt, ROOT } from './built.ts';
import { type GqlClient, graphqlClient } from './graphqlClient.ts';
import { run } from './process.ts';
import { settingsEnv } from './settingsEnv.ts';

export interface GatewayProcess {
  /** Base URL; GraphQL at `${url}/graphql`. */
  url: string;
  /** Requests with `auth` (of startGatewayProcess) unless one says otherwise. */
  gql: GqlClient;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first output line that matches. */
  line(matches: (line: string) => boolean): Promise<string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export async function startGatewayProcess(
  env: Record<string, string>,
  auth: string | null = null,
): Promise<GatewayProcess> {
  assertBuilt();
  const gateway = run(process.execPath, ['dist/main.js'], { cwd: ROOT, env: settingsEnv({ PORT: '0', ...env }) });
  const ready = await gateway.line((l) => l.includes('GraphQL and GraphiQL at'));
  const url = /(http:\/\/[^\s/]+)\/graphql/.exec(ready)![1];
  return {
    url,
    gql: graphqlClient(url, auth),
    output: gateway.output,
    line: gateway.line,
    stop: async () => {
      if (gateway.child.exitCode !== null || gateway.child.signalCode !== null) return;
      const exited = once(gateway.child, 'exit');
      gateway.child.kill('SIGTERM');
      await exited;
    },
  };
}
