// The REST contract against the code derived from it: the OpenAPI document is valid OpenAPI 3.1
// and names exactly the routes the emulator serves; every operation has an emulator handler and
// every handler an operation; the upstream client's table is the contract's operations.
import { type SpecData, Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_HANDLERS, api } from '../../packages/emulator/src/emulator/http/server.ts';
import { OPERATIONS, openApiDocument, pathParameters } from 'policy-service-emulator/contract';
import { ROUTES } from '../../src/upstream/routes.ts';
import { countFromNow, useEmulator } from '../helpers/emulator.ts';

type Doc = {
  paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string }[] }>>;
};
const doc = openApiDocument() as Doc;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `METHOD path` of every operation in the document. */
function documented(): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => HTTP_METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** The router ignores a trailing slash, so a path is compared without one. */
const withoutTrailingSlash = (route: string) => route.replace(/(.)\/$/, '$1');

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as SpecData);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is refused by the same validator when an operation loses its responses or a parameter its place', async () => {
    const broken = structuredClone(doc) as Doc & { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete broken.paths['/api/v1/policies'].get.responses;
    (broken.paths['/api/v1/policies/{policyId}'].get.parameters as { in: string }[])[0].in = 'body';
    const result = await new Validator().validate(broken as unknown as SpecData);
    expect(result.valid).toBe(false);
  });

  it('names every route the emulator serves and nothing else', () => {
    const served = api.list().map((r) => `${r.method} ${r.template}`);
    expect(new Set(served).size).toBe(served.length);
    expect(documented().map(withoutTrailingSlash).sort()).toEqual([...served].sort());
  });

  it('declares every path parameter of a template, and only those', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        const declared = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared, `${op.operationId}`).toEqual(pathParameters(path));
      }
    }
  });

  it('marks the emulator-only routes as extensions, and leaves them out on request', () => {
    const extensions = Object.entries(OPERATIONS).filter(([, op]) => 'emulatorExtension' in op);
    // The app assignment and the directory the conditions name (users, groups, zones, apps); the
    // users list is the platform's Users API, which the gateway calls too.
    expect(extensions.map(([name]) => name)).toEqual([
      'assignAppPolicy',
      ...['createUser', 'getUser', 'replaceUser', 'updateUser', 'deactivateUser', 'deleteUser'],
      ...['listGroups', 'createGroup', 'getGroup', 'replaceGroup', 'deleteGroup', 'listGroupUsers'],
      ...['assignUserToGroup', 'unassignUserFromGroup'],
      ...['listNetworkZones', 'createNetworkZone', 'getNetworkZone', 'replaceNetworkZone', 'deleteNetworkZone'],
      ...['listApplications', 'getApplication'],
    ]);
    const serviceOnly = openApiDocument({ emulatorExtensions: false }) as Doc;
    expect(Object.keys(serviceOnly.paths)).not.toContain('/api/v1/apps/{appId}/policies/{policyId}');
    expect(Object.keys(serviceOnly.paths).filter((p) => /^\/api\/v1\/(users|groups|zones|apps)/.test(p))).toEqual([
      '/api/v1/users',
    ]);
    expect(Object.keys(serviceOnly.paths['/api/v1/users'])).toEqual(['get']);
    expect(documented()).toContain('PUT /api/v1/apps/{appId}/policies/{policyId}');
  });
});

describe('code derived from the operation table', () => {
  it('gives every operation an emulator handler and every handler an operation', () => {
    expect(Object.keys(API_HANDLERS).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [name, handler] of Object.entries(API_HANDLERS)) expect(typeof handler, name).toBe('function');
  });

  it('gives the upstream client every operation of the two services, as the contract states it', () => {
    const services = Object.entries(OPERATIONS).filter(([, op]) => !('emulatorExtension' in op));
    expect(Object.keys(ROUTES).sort()).toEqual(services.map(([name]) => name).sort());
    for (const [name, op] of services) {
      const route = ROUTES[name as keyof typeof ROUTES];
      expect(route.method, name).toBe(op.method);
      expect(route.template, name).toBe(op.path);
      expect(route.idempotent, name).toBe(op.idempotent);
      expect(route.returns, name).toBe(
        !('schema' in op.success) ? 'none' : op.success.schema.type === 'array' ? 'array' : 'object',
      );
    }
    // POST creates are the only calls that may not be repeated.
    const notRepeatable = Object.entries(ROUTES).filter(([, r]) => !r.idempotent);
    expect(notRepeatable.map(([name]) => name).sort()).toEqual([
      'clonePolicy',
      'createPolicy',
      'createRule',
      'createUserType',
    ]);
  });
});

describe('the emulator over HTTP', () => {
  const emu = useEmulator();

  it('counts a request to every documented operation under its template, never as unmatched', async () => {
    const since = countFromNow(emu());
    const sent: string[] = [];
    for (const route of documented()) {
      const [method, template] = route.split(' ');
      const path = template.replace(/\{\w+\}/g, 'unknown-id');
      await emu().call(method, path, method === 'POST' || method === 'PUT' ? {} : undefined);
      sent.push(`${method} ${withoutTrailingSlash(template)}`);
    }
    const { byRoute } = since();
    expect(Object.keys(byRoute).filter((route) => route.endsWith('(unmatched)'))).toEqual([]);
    expect(Object.keys(byRoute).sort()).toEqual([...new Set(sent)].sort());
  });

  it('serves the OpenAPI document at /__emulator/openapi.json: valid, with its own URL, naming exactly the served routes', async () => {
    const res = await emu().call('GET', '/__emulator/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const served = res.body as Doc & { servers: { url: string }[] };
    const result = await new Validator().validate(structuredClone(served) as unknown as SpecData);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(served.servers).toEqual([{ url: emu().url }]);
    const routes = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => HTTP_METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${withoutTrailingSlash(path)}`),
    );
    expect(routes.sort()).toEqual(
      api
        .list()
        .map((r) => `${r.method} ${r.template}`)
        .sort(),
    );
    // Without the token it is refused like every admin endpoint.
    const anonymous = await fetch(`${emu().url}/__emulator/openapi.json`);
    expect(anonymous.status).toBe(401);
  });
});
