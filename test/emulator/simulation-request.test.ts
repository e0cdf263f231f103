// Validation of access simulation requests: the body table of the spec, the expand query, and the
// org look-ups (unknown app or user: 404; unknown group or zone ids: 400 with a cause).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../packages/emulator/src/emulator/common/errors.ts';
import type { OrgView } from '../../packages/emulator/src/emulator/org/orgView.ts';
import { parseSimulationRequest } from '../../packages/emulator/src/emulator/simulation/request.ts';

const org: OrgView = {
  policiesOfType: () => [],
  rulesOf: () => [],
  user: (id) => (id === 'uAlice' ? { id, login: 'alice@example.com', groupIds: ['gEng'] } : undefined),
  group: (id) => (id === 'gEng' ? { id, name: 'Engineering' } : undefined),
  zone: (id) =>
    id === 'zOffice' ? { id, name: 'Office', gateways: [{ type: 'CIDR', value: '10.0.0.0/8' }] } : undefined,
  zones: () => [],
  app: (id) =>
    id === 'aPortal' ? { id, name: 'portal', label: 'Portal', status: 'ACTIVE', accessPolicyId: null } : undefined,
  accessPolicyIdOfApp: () => undefined,
  defaultUserTypeId: () => 'otyDefault',
  hasGroup: (id) => id === 'gEng',
  hasUser: (id) => id === 'uAlice',
  hasZone: (id) => id === 'zOffice',
  hasUserType: () => false,
  hasApp: (id) => id === 'aPortal',
};

const valid = { appInstance: 'aPortal', policyContext: { user: { id: 'uAlice' } } };

function failure(body: unknown, expand: string[] = []): ApiError {
  try {
    parseSimulationRequest(body, expand, org);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the request was accepted');
}

describe('accepted requests', () => {
  it('reads a user context with every optional member', () => {
    const body = {
      policyTypes: ['ACCESS_POLICY', 'PLATFORM_SIGN_ON'],
      appInstance: 'aPortal',
      policyContext: {
        user: { id: 'uAlice' },
        ip: '2001:db8::7',
        risk: { level: 'HIGH' },
        device: { registered: true, managed: false, platform: 'IOS', assuranceId: 'dae1' },
      },
    };
    expect(parseSimulationRequest(body, ['EVALUATED', 'RULE'], org)).toEqual({
      request: body,
      expand: new Set(['EVALUATED', 'RULE']),
    });
  });

  it('reads a groups context with zone ids, and null policy types as all types', () => {
    const body = {
      policyTypes: null,
      appInstance: 'aPortal',
      policyContext: { groups: { ids: ['gEng'] }, zones: { ids: ['zOffice'] } },
    };
    expect(parseSimulationRequest(body, [], org)).toEqual({ request: body, expand: new Set() });
  });

  it('treats absent policyTypes as null and null optional members as absent', () => {
    const { request } = parseSimulationRequest(
      { ...valid, policyContext: { user: { id: 'uAlice' }, groups: null, ip: null, device: null } },
      [],
      org,
    );
    expect(request).toEqual({ appInstance: 'aPortal', policyTypes: null, policyContext: { user: { id: 'uAlice' } } });
  });

  it('accepts comma-separated expand values', () => {
    expect(parseSimulationRequest(valid, ['RULE,EVALUATED'], org).expand).toEqual(new Set(['RULE', 'EVALUATED']));
  });
});

describe('400 E0000001 with one cause per violated rule', () => {
  it.each<{ name: string; body: unknown; expand?: string[]; causes: string[] }>([
    { name: 'body is not an object', body: [valid], causes: ['(body): must be a JSON object'] },
    { name: 'no body', body: undefined, causes: ['(body): must be a JSON object'] },
    { name: 'appInstance missing', body: { policyContext: valid.policyContext }, causes: ['appInstance: is required'] },
    { name: 'appInstance not a string', body: { ...valid, appInstance: 7 }, causes: ['appInstance: must be a string'] },
    { name: 'policyContext missing', body: { appInstance: 'aPortal' }, causes: ['policyContext: is required'] },
    {
      name: 'neither user nor groups',
      body: { appInstance: 'aPortal', policyContext: { ip: '10.0.0.1' } },
      causes: ['policyContext: must give one of user.id or groups.ids'],
    },
    {
      name: 'both user and groups',
      body: { appInstance: 'aPortal', policyContext: { user: { id: 'uAlice' }, groups: { ids: ['gEng'] } } },
      causes: ['policyContext: must give only one of user.id or groups.ids'],
    },
    {
      name: 'user without id',
      body: { appInstance: 'aPortal', policyContext: { user: {} } },
      causes: ['policyContext.user.id: is required'],
    },
    {
      name: 'empty group ids',
      body: { appInstance: 'aPortal', policyContext: { groups: { ids: [] } } },
      causes: ['policyContext.groups.ids: must hold at least 1 element(s)'],
    },
    {
      name: 'unknown group id',
      body: { appInstance: 'aPortal', policyContext: { groups: { ids: ['gEng', 'gNope'] } } },
      causes: ["policyContext.groups.ids[1]: group 'gNope' does not exist"],
    },
    {
      name: 'both ip and zones',
      body: { ...valid, policyContext: { user: { id: 'uAlice' }, ip: '10.0.0.1', zones: { ids: ['zOffice'] } } },
      causes: ['policyContext: must give only one of ip or zones.ids'],
    },
    {
      name: 'ip not an address',
      body: { ...valid, policyContext: { user: { id: 'uAlice' }, ip: '10.0.0.256' } },
      causes: ["policyContext.ip: must be an IPv4 or IPv6 address (got '10.0.0.256')"],
    },
    {
      name: 'ip with a prefix length',
      body: { ...valid, policyContext: { user: { id: 'uAlice' }, ip: '10.0.0.0/8' } },
      causes: ["policyContext.ip: must be an IPv4 or IPv6 address (got '10.0.0.0/8')"],
    },
    {
      name: 'unknown zone id',
      body: { ...valid, policyContext: { user: { id: 'uAlice' }, zones: { ids: ['zNope'] } } },
      causes: ["policyContext.zones.ids[0]: zone 'zNope' does not exist"],
    },
    {
      name: 'risk level not an enum value',
      body: { ...valid, policyContext: { user: { id: 'uAlice' }, risk: { level: 'ANY' } } },
      causes: ['policyContext.risk.level: must be one of LOW, MEDIUM, HIGH'],
    },
    {
      name: 'risk without a level',
      body: { ...valid, policyContext: { user: { id: 'uAlice' }, risk: {} } },
      causes: ['policyContext.risk.level: is required'],
    },
    {
      name: 'device members of the wrong type',
      body: {
        ...valid,
        policyContext: { user: { id: 'uAlice' }, device: { registered: 'yes', managed: 1, platform: 5 } },
      },
      causes: [
        'policyContext.device.registered: must be a boolean',
        'policyContext.device.managed: must be a boolean',
        'policyContext.device.platform: must be a string',
      ],
    },
    {
      name: 'policy type outside the simulation types',
      body: { ...valid, policyTypes: ['PASSWORD'] },
      causes: ['policyTypes[0]: must be one of PLATFORM_SIGN_ON, MFA_ENROLL, PROFILE_ENROLLMENT, ACCESS_POLICY'],
    },
    {
      name: 'empty policy types',
      body: { ...valid, policyTypes: [] },
      causes: ['policyTypes: must hold at least 1 element(s)'],
    },
    { name: 'unknown property', body: { ...valid, context: {} }, causes: ['context: is not a recognized property'] },
    {
      name: 'unknown nested property',
      body: { appInstance: 'aPortal', policyContext: { user: { id: 'uAlice', login: 'x' }, location: 'home' } },
      causes: [
        'policyContext.location: is not a recognized property',
        'policyContext.user.login: is not a recognized property',
      ],
    },
    {
      name: 'unknown expand value',
      body: valid,
      expand: ['EVALUATED', 'rule'],
      causes: ["expand: must be one of EVALUATED, RULE (got 'rule')"],
    },
    {
      name: 'several problems at once',
      body: {
        policyTypes: 'ALL',
        policyContext: { user: { id: 'uAlice' }, ip: 'localhost', zones: { ids: ['zOffice'] } },
      },
      expand: ['ALL'],
      causes: [
        "expand: must be one of EVALUATED, RULE (got 'ALL')",
        'policyTypes: must be an array',
        'appInstance: is required',
        "policyContext.ip: must be an IPv4 or IPv6 address (got 'localhost')",
        'policyContext: must give only one of ip or zones.ids',
      ],
    },
  ])('$name', ({ body, expand, causes }) => {
    const e = failure(body, expand);
    expect([e.status, e.errorCode]).toEqual([400, 'E0000001']);
    expect(e.causes).toEqual(causes);
  });
});

describe('404 E0000007 for an unknown app or user', () => {
  it.each([
    { name: 'unknown app', body: { ...valid, appInstance: '0oaNope' }, what: '0oaNope' },
    { name: 'unknown user', body: { appInstance: 'aPortal', policyContext: { user: { id: 'uNope' } } }, what: 'uNope' },
  ])('$name', ({ body, what }) => {
    const e = failure(body);
    expect([e.status, e.errorCode]).toEqual([404, 'E0000007']);
    expect(e.errorSummary).toContain(what);
  });

  it('reports validation problems before looking anything up', () => {
    const e = failure({ appInstance: '0oaNope', policyContext: { user: { id: 'uNope' } }, policyTypes: ['X'] });
    expect(e.status).toBe(400);
  });
});
