// Settings become options through exact(): a settings key named unlike its option fails tsc, where a
// spread or a settings group passed whole would drop it in silence (the module then running on its
// default). `npm run typecheck` (tsc, part of `npm test`) checks these; each `@ts-expect-error`
// fails it when the line under it compiles.
import type { EmulatorOptions } from 'policy-service-emulator';
import { EMULATOR_DEFAULTS } from 'policy-service-emulator/config';
import { describe, expectTypeOf, it } from 'vitest';
import { exact } from '../../src/config/env.ts';
import { GATEWAY_DEFAULTS } from '../../src/config/settings.ts';
import type { QueryLimits } from '../../src/gateway/plugins/queryLimits.ts';
import type { SharedStateSettings } from '../../src/gateway/sharedState.ts';
import type { UpstreamClientOptions } from '../../src/upstream/client.ts';

const upstream = GATEWAY_DEFAULTS.upstream;
const baseUrl = 'http://127.0.0.1:4001';

describe('exact options', () => {
  it('accepts the settings groups as the entry points pass them', () => {
    const options = exact<UpstreamClientOptions>()({ baseUrl, ...upstream });
    expectTypeOf(options).toExtend<UpstreamClientOptions>();
    exact<SharedStateSettings>()({ ...GATEWAY_DEFAULTS.shared, idempotencyWaitMs: 1_000 });
    exact<Partial<QueryLimits>>()(GATEWAY_DEFAULTS.queryLimits);
    exact<EmulatorOptions>()(EMULATOR_DEFAULTS);
  });

  it('refuses a misnamed key that a spread lets through', () => {
    const misnamed = { ...upstream, connectTimeoutMS: 1_000 };
    // Without exact() the spread compiles: the key is dropped and the client keeps its default.
    const spread: UpstreamClientOptions = { baseUrl, ...misnamed };
    expectTypeOf(spread).toExtend<UpstreamClientOptions>();
    // @ts-expect-error connectTimeoutMS is not an option of the upstream client
    exact<UpstreamClientOptions>()({ baseUrl, ...misnamed });
  });

  it('refuses a misnamed key in a nested group', () => {
    const operation = { ...upstream.operation, maxCall: 10 };
    // @ts-expect-error maxCall is not one of the operation's limits
    exact<UpstreamClientOptions>()({ baseUrl, ...upstream, operation });
  });

  it('refuses a misnamed key in a settings group passed whole', () => {
    exact<Partial<QueryLimits>>()(
      // @ts-expect-error maxDepth is not a query limit (depth is)
      { ...GATEWAY_DEFAULTS.queryLimits, maxDepth: 12 },
    );
    const emulator = { ...EMULATOR_DEFAULTS, journalCapacity: 10 };
    // @ts-expect-error journalCapacity is not an emulator option (journalCap is)
    exact<EmulatorOptions>()(emulator);
  });

  it('still requires what the options require', () => {
    // @ts-expect-error baseUrl is missing
    exact<UpstreamClientOptions>()({ ...upstream });
  });
});
