// The scope each operation needs is read from the contract's table, and the OpenAPI document and
// docs/emulator.md state the same scopes, so none of them can drift from what the emulator enforces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_SCOPES, OPERATIONS, type OperationName, openApiDocument } from 'policy-service-emulator/contract';

const names = Object.keys(OPERATIONS) as OperationName[];

/** The rule as the shared shapes state it, written independently of scopes.ts. */
function expectedScope(name: OperationName): string {
  const op = OPERATIONS[name];
  const family = op.path.startsWith('/api/v1/meta/types/user')
    ? 'userTypes'
    : op.path.startsWith('/api/v1/users')
      ? 'users'
      : op.path.startsWith('/api/v1/groups')
        ? 'groups'
        : op.path.startsWith('/api/v1/zones')
          ? 'networkZones'
          : op.path.startsWith('/api/v1/apps') && !op.path.includes('/policies/')
            ? 'apps'
            : 'policies';
  const read = op.method === 'GET' || name === 'simulate';
  return `okta.${family}.${read ? 'read' : 'manage'}`;
}

describe('the scope of every operation', () => {
  it('is okta.<resource>.* by resource (policies, userTypes, users, groups, networkZones, apps), read for GETs and the simulation, manage otherwise', () => {
    for (const name of names) expect(OPERATION_SCOPES[name].scope, name).toBe(expectedScope(name));
    expect(OPERATION_SCOPES.simulate.scope).toBe('okta.policies.read');
    expect(OPERATION_SCOPES.updateUserType.scope).toBe('okta.userTypes.manage');
    expect(OPERATION_SCOPES.assignAppPolicy.scope).toBe('okta.policies.manage');
    expect(OPERATION_SCOPES.assignUserToGroup.scope).toBe('okta.groups.manage');
    expect(OPERATION_SCOPES.getApplication.scope).toBe('okta.apps.read');
    expect(OPERATION_SCOPES.deleteNetworkZone.scope).toBe('okta.networkZones.manage');
  });

  it('is what the OpenAPI document asks for, next to the API token', () => {
    const doc = openApiDocument({ serverUrl: 'https://org.example' }) as any;
    for (const name of names) {
      const op = OPERATIONS[name];
      const security = doc.paths[op.path][op.method.toLowerCase()].security;
      const scope = OPERATION_SCOPES[name].scope;
      const alternatives = scope.endsWith('.read') ? [[scope], [scope.replace(/read$/, 'manage')]] : [[scope]];
      expect(security, name).toEqual([{ ssws: [] }, ...alternatives.map((scopes) => ({ oauth2: scopes }))]);
    }
    const { oauth2 } = doc.components.securitySchemes;
    expect(oauth2.flows.clientCredentials.tokenUrl).toBe('https://org.example/oauth2/v1/token');
    expect(oauth2.flows.authorizationCode.authorizationUrl).toBe('https://org.example/oauth2/v1/authorize');
    expect(Object.keys(oauth2.flows.clientCredentials.scopes).sort()).toEqual(
      [...new Set(Object.values(OPERATION_SCOPES).map((s) => s.scope))].sort(),
    );
  });

  it('is the one docs/emulator.md gives each request', () => {
    const doc = readFileSync(new URL('../../docs/emulator.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `(GET|POST|PUT|DELETE) (\S+)` \| (\w+) \| `(okta\.\w+\.\w+)` \|$/gm)];
    expect(rows.map(([, , , name]) => name).sort()).toEqual([...names].sort());
    for (const [, method, path, name, scope] of rows) {
      const op = OPERATIONS[name as OperationName];
      expect(`${method} ${path} ${scope}`).toBe(
        `${op.method} ${op.path} ${OPERATION_SCOPES[name as OperationName].scope}`,
      );
    }
  });
});
