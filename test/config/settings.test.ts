// The settings tables are the one place a setting is written: what is read, the defaults the modules
// use, docs/configuration.md and the variables scrubbed from a spawned gateway's environment all come
// from them.
import { readFileSync } from 'node:fs';
import { POLICY_PAGE_SIZE } from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, EMULATOR_SETTINGS, readEmulatorConfig } from '../../packages/emulator/src/config/index.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../../packages/emulator/src/emulator/http/connectionLimits.ts';
import { DEFAULT_JOURNAL_CAP } from '../../packages/emulator/src/emulator/http/journal.ts';
import { DEFAULT_TOKEN } from '../../packages/emulator/src/index.ts';
import { ConfigError, settingsOf } from '../../src/config/env.ts';
import {
  GATEWAY_DEFAULTS,
  GATEWAY_SETTINGS,
  HTTP_DEFAULTS,
  readGatewayConfig,
  START_SETTINGS,
} from '../../src/config/gateway.ts';
import { IDEMPOTENCY_DEFAULTS } from '../../src/idempotency/creates.ts';
import { READINESS_DEFAULTS } from '../../src/gateway/plugins/health.ts';
import { QUERY_LIMIT_DEFAULTS } from '../../src/gateway/plugins/queryLimits.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, MEMORY_BUDGET_DEFAULT } from '../../src/gateway/server.ts';
import { SHARED_STATE_DEFAULTS } from '../../src/gateway/sharedState.ts';
import { CONFIGURATION_DOC, configurationDoc } from '../../src/tools/configDocs.ts';
import { OPERATION_DEFAULTS, UPSTREAM_DEFAULTS } from '../../src/upstream/client.ts';
import { TOKEN_TRUST_DEFAULTS } from '../../src/upstream/tokenTrust.ts';
import { useBuiltTree } from '../helpers/built.ts';
import { startGatewayProcess } from '../helpers/gatewayProcess.ts';
import { SETTING_VARIABLES, settingsEnv } from '../helpers/settingsEnv.ts';

const variables = START_SETTINGS.map((s) => s.env);

describe('the settings tables', () => {
  it('name every variable once, the gateway’s and the emulator’s', () => {
    expect(new Set(variables).size).toBe(variables.length);
    expect(variables.length).toBe(settingsOf(GATEWAY_SETTINGS).length + settingsOf(EMULATOR_SETTINGS).length);
    expect(variables).toContain('PORT');
    expect(variables).toContain('IDEMPOTENCY_MAX_RECORDS');
    expect(variables).toContain('EMULATOR_MAX_CONNECTIONS');
    expect(settingsOf(EMULATOR_SETTINGS).every((s) => s.env.startsWith('EMULATOR_'))).toBe(true);
  });

  it('give, for an empty environment, their defaults', () => {
    expect(readGatewayConfig({})).toEqual(GATEWAY_DEFAULTS);
    expect(readEmulatorConfig({})).toEqual(EMULATOR_DEFAULTS);
  });

  it('are where the modules take their defaults from', () => {
    expect(UPSTREAM_DEFAULTS).toBe(GATEWAY_DEFAULTS.upstream);
    expect(OPERATION_DEFAULTS).toBe(GATEWAY_DEFAULTS.upstream.operation);
    expect(TOKEN_TRUST_DEFAULTS.refusedMs).toBe(GATEWAY_DEFAULTS.upstream.refusedCredentialMs);
    expect(HTTP_DEFAULTS).toBe(GATEWAY_DEFAULTS.http);
    expect(READINESS_DEFAULTS).toBe(GATEWAY_DEFAULTS.readiness);
    expect(QUERY_LIMIT_DEFAULTS).toBe(GATEWAY_DEFAULTS.queryLimits);
    expect(SHARED_STATE_DEFAULTS).toBe(GATEWAY_DEFAULTS.shared);
    expect(IDEMPOTENCY_DEFAULTS).toMatchObject({
      ttlSeconds: GATEWAY_DEFAULTS.shared.idempotencyTtlSeconds,
      maxRecords: GATEWAY_DEFAULTS.shared.idempotencyMaxRecords,
    });
    expect(MEMORY_BUDGET_DEFAULT).toBe(GATEWAY_DEFAULTS.memoryBudgetBytes);
    expect(DEFAULT_SHUTDOWN_GRACE_MS).toBe(GATEWAY_DEFAULTS.shutdownGraceMs);
    expect(DEFAULT_CONNECTION_LIMITS).toEqual(EMULATOR_DEFAULTS.limits);
    expect(DEFAULT_JOURNAL_CAP).toBe(EMULATOR_DEFAULTS.journalCap);
    expect(DEFAULT_TOKEN).toBe(EMULATOR_DEFAULTS.token);
    // MAX_NODE_IDS is the service's largest page (config/ imports no contract, so the tie is checked here).
    expect(GATEWAY_DEFAULTS.queryLimits.nodeIds).toBe(POLICY_PAGE_SIZE.maximum);
  });

  it('read every setting: a bad value of each is reported, naming it', () => {
    // Free text (file paths, the service name) has no bad value; every other setting refuses this one.
    const checked = START_SETTINGS.filter((s) => s.range !== 'any text');
    expect(checked.length).toBe(START_SETTINGS.length - 4);
    const env = Object.fromEntries(checked.map((s) => [s.env, 'not valid']));
    const problems = (read: () => unknown) => {
      try {
        read();
      } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
      }
      return [];
    };
    const reported = [...problems(() => readGatewayConfig(env)), ...problems(() => readEmulatorConfig(env))];
    for (const { env: name } of checked)
      expect(
        // The name alone: GRAPHIQL's problems are not GRAPHIQL_SCOPES'.
        reported.filter((p) => p.startsWith(name) && !/^[A-Z_]/.test(p.slice(name.length))),
        name,
      ).toHaveLength(1);
  });
});

describe('docs/configuration.md', () => {
  const doc = readFileSync(CONFIGURATION_DOC, 'utf8');

  it('is generated from the tables (npm run docs:config leaves it unchanged)', () => {
    expect(doc).toBe(configurationDoc());
  });

  it('has one row per setting with its default, range and meaning', () => {
    for (const setting of START_SETTINGS) {
      const rows = doc.split('\n').filter((line) => line.startsWith(`| \`${setting.env}\` |`));
      expect(rows, setting.env).toHaveLength(1);
      const cells = rows[0].split(' | ');
      expect(cells, setting.env).toHaveLength(4);
      expect(cells.every((c) => c.trim().length > 0)).toBe(true);
    }
    expect(doc.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line))).toHaveLength(START_SETTINGS.length);
  });
});

describe('a spawned gateway’s environment', () => {
  useBuiltTree();
  it('has none of the settings of the shell that ran the tests', () => {
    expect(SETTING_VARIABLES).toEqual(variables);
    const shell = { PATH: '/usr/bin', ...Object.fromEntries(variables.map((v) => [v, 'from the shell'])) };
    expect(settingsEnv({ PORT: '0' }, shell)).toEqual({ PATH: '/usr/bin', PORT: '0' });
  });

  it('does not inherit a bad setting from the shell: the gateway starts', async () => {
    const saved = { ...process.env };
    // Each one refused at start if it leaked in; the file paths name no file.
    for (const s of START_SETTINGS) process.env[s.env] = s.range === 'any text' ? '/nonexistent/leaked' : 'not valid';
    try {
      const gateway = await startGatewayProcess({ EMULATOR_PORT: '0' });
      await gateway.stop();
      expect(gateway.output()).toContain('GraphQL and GraphiQL at');
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
