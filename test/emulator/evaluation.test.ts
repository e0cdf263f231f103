// The policy evaluation engine, over an in-memory org: evaluation order, lifecycle, every
// condition against the context and the fixture, undefined outcomes, and what `expand` adds.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../packages/emulator/src/emulator/simulation/engine.ts';
import type { OrgFixture } from '../../packages/emulator/src/emulator/org/fixture.ts';
import type { OrgView } from '../../packages/emulator/src/emulator/org/orgView.ts';
import type {
  Conditions,
  Policy,
  PolicyRule,
  PolicyType,
  PolicyTypeEvaluation,
  SimulatedPolicy,
  SimulationExpand,
  SimulationRequest,
  SimulationStatus,
} from '../../src/rest/types.ts';

const DEFAULT_TYPE = 'oty0default';

const FIXTURE: OrgFixture = {
  policies: [],
  apiTokens: [],
  oauthClients: [],
  userTypes: [{ id: 'oty1contractor', name: 'Contractor', displayName: 'Contractor', description: '' }],
  groups: [
    { id: 'gEng', name: 'Engineering' },
    { id: 'gSales', name: 'Sales' },
    { id: 'gAdmins', name: 'Admins' },
  ],
  users: [
    { id: 'uAlice', login: 'alice@example.com', groupIds: ['gEng'] },
    { id: 'uBob', login: 'bob@example.com', groupIds: ['gSales'], typeId: 'oty1contractor' },
    { id: 'uCarol', login: 'carol@example.com', groupIds: ['gEng', 'gAdmins'] },
    { id: 'uDave', login: 'dave@example.com', groupIds: [] },
  ],
  zones: [
    {
      id: 'zOffice',
      name: 'Office',
      gateways: [
        { type: 'CIDR', value: '10.0.0.0/8' },
        { type: 'RANGE', value: '192.168.1.1-192.168.1.20' },
      ],
    },
    {
      id: 'zVpn',
      name: 'VPN',
      gateways: [
        { type: 'CIDR', value: '172.16.0.0/12' },
        { type: 'CIDR', value: '2001:db8::/32' },
      ],
    },
  ],
  apps: [
    { id: 'aPortal', name: 'portal', label: 'Portal', status: 'ACTIVE', accessPolicyId: null },
    { id: 'aCrm', name: 'crm', label: 'CRM', status: 'ACTIVE', accessPolicyId: 'apCrm' },
    { id: 'aConsole', name: 'admin_console', label: 'Console', status: 'ACTIVE', accessPolicyId: 'apConsole' },
  ],
};

interface PolicySpec {
  id: string;
  type?: PolicyType;
  priority: number;
  status?: 'ACTIVE' | 'INACTIVE';
  conditions?: Conditions | null;
  rules?: RuleSpec[];
}
interface RuleSpec {
  id: string;
  priority: number;
  status?: 'ACTIVE' | 'INACTIVE';
  conditions?: Conditions | null;
}

const STAMP = '2024-01-01T00:00:00.000Z';

function toPolicy(p: PolicySpec): Policy {
  return {
    id: p.id,
    type: p.type ?? 'PLATFORM_SIGN_ON',
    name: `Policy ${p.id}`,
    system: false,
    description: null,
    priority: p.priority,
    status: p.status ?? 'ACTIVE',
    conditions: p.conditions ?? null,
    created: STAMP,
    lastUpdated: STAMP,
    _links: { self: { href: '' } },
  };
}

function toRule(r: RuleSpec): PolicyRule {
  return {
    id: r.id,
    type: 'SIGN_ON',
    name: `Rule ${r.id}`,
    status: r.status ?? 'ACTIVE',
    priority: r.priority,
    system: false,
    created: STAMP,
    lastUpdated: STAMP,
    conditions: r.conditions ?? null,
    actions: {},
    _links: { self: { href: '' } },
  };
}

/**
 * An OrgView over plain arrays. Policies and rules are handed out in the order given (not sorted),
 * so that tests can check the engine orders by priority itself.
 */
function memoryOrg(specs: PolicySpec[], fixture: OrgFixture = FIXTURE): OrgView {
  const policies = specs.map(toPolicy);
  const rules = new Map(specs.map((p) => [p.id, (p.rules ?? []).map(toRule)]));
  return {
    policiesOfType: (type) => policies.filter((p) => p.type === type),
    rulesOf: (id) => rules.get(id) ?? [],
    user: (id) => fixture.users.find((u) => u.id === id),
    group: (id) => fixture.groups.find((g) => g.id === id),
    zone: (id) => fixture.zones.find((z) => z.id === id),
    zones: () => fixture.zones,
    app: (id) => fixture.apps.find((a) => a.id === id),
    accessPolicyIdOfApp: (id) => {
      const app = fixture.apps.find((a) => a.id === id);
      return app ? (app.accessPolicyId ?? 'apDefault') : undefined;
    },
    defaultUserTypeId: () => DEFAULT_TYPE,
    hasGroup: (id) => fixture.groups.some((g) => g.id === id),
    hasUser: (id) => fixture.users.some((u) => u.id === id),
    hasZone: (id) => fixture.zones.some((z) => z.id === id),
    hasUserType: (id) => id === DEFAULT_TYPE || fixture.userTypes.some((t) => t.id === id),
    hasApp: (id) => fixture.apps.some((a) => a.id === id),
  };
}

type Context = NonNullable<SimulationRequest['policyContext']>;
const ALICE: Context = { user: { id: 'uAlice' } };
const BOTH: SimulationExpand[] = ['EVALUATED', 'RULE'];

function run(
  org: OrgView,
  context: Context = ALICE,
  expand: SimulationExpand[] = [],
  extra: Partial<SimulationRequest> = {},
): PolicyTypeEvaluation[] {
  return simulate(
    org,
    { appInstance: 'aPortal', policyTypes: ['PLATFORM_SIGN_ON'], policyContext: context, ...extra },
    new Set(expand),
  ).evaluation;
}

/** A compact picture of one type's outcome: `policy:STATUS[rule:STATUS,...]` per bucket. */
function summary(entry: PolicyTypeEvaluation): { result: string[]; undefined: string[]; evaluated: string[] } {
  const show = (p: SimulatedPolicy) => `${p.id}:${p.status}[${p.rules.map((r) => `${r.id}:${r.status}`).join(',')}]`;
  return {
    result: entry.result.policies.map(show),
    undefined: entry.undefined.policies.map(show),
    evaluated: entry.evaluated.policies.map(show),
  };
}

function signOn(specs: PolicySpec[], context: Context = ALICE, expand: SimulationExpand[] = []) {
  return summary(run(memoryOrg(specs), context, expand)[0]);
}

const always = (id: string, priority: number, extra: Partial<RuleSpec> = {}): RuleSpec => ({ id, priority, ...extra });
const groupsInclude = (...ids: string[]): Conditions => ({ people: { groups: { include: ids, exclude: [] } } });

describe('evaluation order', () => {
  it('considers policies in ascending priority whatever order the org hands them out', () => {
    const out = signOn([
      { id: 'P3', priority: 3, rules: [always('R3', 1)] },
      { id: 'P1', priority: 1, rules: [always('R1', 1)] },
      { id: 'P2', priority: 2, rules: [always('R2', 1)] },
    ]);
    expect(out).toEqual({ result: ['P1:MATCH[R1:MATCH]'], undefined: [], evaluated: [] });
  });

  it('skips a policy whose conditions are not met and applies the next one', () => {
    const specs: PolicySpec[] = [
      { id: 'Psales', priority: 1, conditions: groupsInclude('gSales'), rules: [always('Rs', 1)] },
      { id: 'Peng', priority: 2, conditions: groupsInclude('gEng'), rules: [always('Re', 1)] },
    ];
    expect(signOn(specs)).toEqual({ result: ['Peng:MATCH[Re:MATCH]'], undefined: [], evaluated: [] });
    // With EVALUATED the skipped policy is listed; its rules were never evaluated.
    expect(signOn(specs, ALICE, ['EVALUATED'])).toEqual({
      result: ['Peng:MATCH[Re:MATCH]'],
      undefined: [],
      evaluated: ['Psales:NOT_MATCH[]'],
    });
  });

  it('considers rules in ascending priority and stops at the first match', () => {
    const specs: PolicySpec[] = [
      {
        id: 'P',
        priority: 1,
        rules: [
          always('Rlast', 3),
          { id: 'Rsales', priority: 1, conditions: groupsInclude('gSales') },
          { id: 'Reng', priority: 2, conditions: groupsInclude('gEng') },
        ],
      },
    ];
    expect(signOn(specs)).toEqual({ result: ['P:MATCH[Reng:MATCH]'], undefined: [], evaluated: [] });
    // The non-matching earlier rule shows with EVALUATED; the later one was never evaluated.
    expect(signOn(specs, ALICE, ['EVALUATED']).result).toEqual(['P:MATCH[Rsales:NOT_MATCH,Reng:MATCH]']);
  });

  it('goes on to the next policy when no rule of a matching policy matches', () => {
    const specs: PolicySpec[] = [
      { id: 'P1', priority: 1, rules: [{ id: 'R1', priority: 1, conditions: groupsInclude('gSales') }] },
      { id: 'P2', priority: 2, rules: [always('R2', 1)] },
      { id: 'P3', priority: 3, rules: [always('R3', 1)] },
    ];
    expect(signOn(specs, ALICE, ['EVALUATED'])).toEqual({
      result: ['P2:MATCH[R2:MATCH]'],
      undefined: [],
      evaluated: ['P1:NOT_MATCH[R1:NOT_MATCH]'],
    });
  });

  it('reports no result when nothing matches', () => {
    const out = run(
      memoryOrg([{ id: 'P', priority: 1, conditions: groupsInclude('gSales'), rules: [always('R', 1)] }]),
    )[0];
    expect(out).toEqual({
      policyType: 'PLATFORM_SIGN_ON',
      status: null,
      result: { policies: [] },
      undefined: { policies: [] },
      evaluated: { policies: [] },
    });
  });
});

describe('lifecycle and empty policies', () => {
  it.each<{ name: string; specs: PolicySpec[]; result: string[]; evaluated: string[] }>([
    {
      name: 'an inactive policy is not evaluated at all',
      specs: [
        { id: 'Poff', priority: 1, status: 'INACTIVE', rules: [always('Ra', 1)] },
        { id: 'Pon', priority: 2, rules: [always('Rb', 1)] },
      ],
      result: ['Pon:MATCH[Rb:MATCH]'],
      evaluated: [],
    },
    {
      name: 'an inactive rule is not evaluated at all',
      specs: [{ id: 'P', priority: 1, rules: [always('Roff', 1, { status: 'INACTIVE' }), always('Ron', 2)] }],
      result: ['P:MATCH[Ron:MATCH]'],
      evaluated: [],
    },
    {
      name: 'a policy without rules is never applied, even with no conditions',
      specs: [
        { id: 'Pempty', priority: 1, rules: [] },
        { id: 'Pnext', priority: 2, rules: [always('R', 1)] },
      ],
      result: ['Pnext:MATCH[R:MATCH]'],
      evaluated: [],
    },
    {
      name: 'a policy whose rules are all inactive is never applied',
      specs: [
        { id: 'Psleep', priority: 1, rules: [always('Rz', 1, { status: 'INACTIVE' })] },
        { id: 'Pnext', priority: 2, rules: [always('R', 1)] },
      ],
      result: ['Pnext:MATCH[R:MATCH]'],
      evaluated: [],
    },
    {
      name: 'a type whose only policy has no rules has no result',
      specs: [{ id: 'Pempty', priority: 1, rules: [] }],
      result: [],
      evaluated: [],
    },
  ])('$name', ({ specs, result, evaluated }) => {
    const out = signOn(specs, ALICE, ['EVALUATED']);
    expect(out.result).toEqual(result);
    expect(out.evaluated).toEqual(evaluated);
    expect(out.undefined).toEqual([]);
  });
});

/** Status and condition items of a single rule with `conditions`, in a policy without conditions. */
function ruleOutcome(conditions: Conditions, context: Context, appInstance = 'aPortal') {
  const org = memoryOrg([{ id: 'P', priority: 1, rules: [{ id: 'R', priority: 1, conditions }] }]);
  const [entry] = run(org, context, BOTH, { appInstance });
  const policy = [...entry.result.policies, ...entry.undefined.policies, ...entry.evaluated.policies][0];
  const rule = policy.rules[0];
  return { status: rule.status, items: Object.fromEntries(rule.conditions.map((c) => [c.type, c.status])) };
}

interface ConditionCase {
  name: string;
  conditions: Conditions;
  context: Context;
  status: SimulationStatus;
  items: Record<string, SimulationStatus>;
  app?: string;
}

const people = (users: [string[], string[]], groups: [string[], string[]]): Conditions => ({
  people: { users: { include: users[0], exclude: users[1] }, groups: { include: groups[0], exclude: groups[1] } },
});
const zone = (include: string[], exclude: string[] = []): Conditions => ({
  network: { connection: 'ZONE', include, exclude },
});

describe('people and user type conditions', () => {
  it.each<ConditionCase>([
    {
      name: 'user listed in users.include',
      conditions: people([['uAlice'], []], [[], []]),
      context: ALICE,
      status: 'MATCH',
      items: { 'people.users.include': 'MATCH' },
    },
    {
      name: 'user not listed in users.include',
      conditions: people([['uBob'], []], [[], []]),
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'people.users.include': 'NOT_MATCH' },
    },
    {
      name: 'user listed in users.exclude',
      conditions: people([[], ['uAlice']], [[], []]),
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'people.users.exclude': 'NOT_MATCH' },
    },
    {
      name: 'user not listed in users.exclude',
      conditions: people([[], ['uBob']], [[], []]),
      context: ALICE,
      status: 'MATCH',
      items: { 'people.users.exclude': 'MATCH' },
    },
    {
      name: "user's fixture group in groups.include",
      conditions: people([[], []], [['gAdmins'], []]),
      context: { user: { id: 'uCarol' } },
      status: 'MATCH',
      items: { 'people.groups.include': 'MATCH' },
    },
    {
      name: 'user in none of groups.include',
      conditions: people([[], []], [['gAdmins', 'gSales'], []]),
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'people.groups.include': 'NOT_MATCH' },
    },
    {
      name: 'user without groups and groups.include',
      conditions: people([[], []], [['gEng'], []]),
      context: { user: { id: 'uDave' } },
      status: 'NOT_MATCH',
      items: { 'people.groups.include': 'NOT_MATCH' },
    },
    {
      name: 'included group but also an excluded one',
      conditions: people([[], []], [['gEng'], ['gAdmins']]),
      context: { user: { id: 'uCarol' } },
      status: 'NOT_MATCH',
      items: { 'people.groups.include': 'MATCH', 'people.groups.exclude': 'NOT_MATCH' },
    },
    {
      name: 'included group and not excluded',
      conditions: people([[], []], [['gEng'], ['gAdmins']]),
      context: ALICE,
      status: 'MATCH',
      items: { 'people.groups.include': 'MATCH', 'people.groups.exclude': 'MATCH' },
    },
    {
      name: 'users and groups lists must both hold',
      conditions: people([['uAlice'], []], [['gSales'], []]),
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'people.users.include': 'MATCH', 'people.groups.include': 'NOT_MATCH' },
    },
    {
      name: 'context groups instead of a user',
      conditions: people([[], []], [['gSales'], []]),
      context: { groups: { ids: ['gSales', 'gEng'] } },
      status: 'MATCH',
      items: { 'people.groups.include': 'MATCH' },
    },
    {
      name: 'context groups hit an excluded group',
      conditions: people([[], []], [[], ['gSales']]),
      context: { groups: { ids: ['gSales'] } },
      status: 'NOT_MATCH',
      items: { 'people.groups.exclude': 'NOT_MATCH' },
    },
    {
      name: 'users.include with only groups given is undefined',
      conditions: people([['uAlice'], []], [[], []]),
      context: { groups: { ids: ['gEng'] } },
      status: 'UNDEFINED',
      items: { 'people.users.include': 'UNDEFINED' },
    },
    {
      name: 'undefined users.exclude but a group that fails',
      conditions: people([[], ['uBob']], [['gSales'], []]),
      context: { groups: { ids: ['gEng'] } },
      status: 'NOT_MATCH',
      items: { 'people.users.exclude': 'UNDEFINED', 'people.groups.include': 'NOT_MATCH' },
    },
    {
      name: 'empty lists constrain nothing',
      conditions: people([[], []], [[], []]),
      context: ALICE,
      status: 'MATCH',
      items: {},
    },
    {
      name: 'user of the default type (no typeId in the fixture)',
      conditions: { userType: { include: [DEFAULT_TYPE], exclude: [] } },
      context: ALICE,
      status: 'MATCH',
      items: { 'userType.include': 'MATCH' },
    },
    {
      name: 'user of another type than included',
      conditions: { userType: { include: [DEFAULT_TYPE], exclude: [] } },
      context: { user: { id: 'uBob' } },
      status: 'NOT_MATCH',
      items: { 'userType.include': 'NOT_MATCH' },
    },
    {
      name: 'user of an excluded type',
      conditions: { userType: { exclude: ['oty1contractor'] } },
      context: { user: { id: 'uBob' } },
      status: 'NOT_MATCH',
      items: { 'userType.exclude': 'NOT_MATCH' },
    },
    {
      name: 'user type with only groups given is undefined',
      conditions: { userType: { include: ['oty1contractor'], exclude: [] } },
      context: { groups: { ids: ['gSales'] } },
      status: 'UNDEFINED',
      items: { 'userType.include': 'UNDEFINED' },
    },
  ])('$name', ({ conditions, context, status, items }) => {
    expect(ruleOutcome(conditions, context)).toEqual({ status, items });
  });
});

describe('network conditions', () => {
  it.each<ConditionCase>([
    {
      name: 'ANYWHERE matches without an address',
      conditions: { network: { connection: 'ANYWHERE' } },
      context: ALICE,
      status: 'MATCH',
      items: { 'network.connection': 'MATCH' },
    },
    {
      name: 'ANYWHERE matches any address',
      conditions: { network: { connection: 'ANYWHERE' } },
      context: { ...ALICE, ip: '8.8.8.8' },
      status: 'MATCH',
      items: { 'network.connection': 'MATCH' },
    },
    {
      name: 'ip inside a CIDR of an included zone',
      conditions: zone(['zOffice']),
      context: { ...ALICE, ip: '10.20.30.40' },
      status: 'MATCH',
      items: { 'network.include': 'MATCH' },
    },
    {
      name: 'ip inside a RANGE of an included zone',
      conditions: zone(['zOffice']),
      context: { ...ALICE, ip: '192.168.1.20' },
      status: 'MATCH',
      items: { 'network.include': 'MATCH' },
    },
    {
      name: 'ip just past a RANGE',
      conditions: zone(['zOffice']),
      context: { ...ALICE, ip: '192.168.1.21' },
      status: 'NOT_MATCH',
      items: { 'network.include': 'NOT_MATCH' },
    },
    {
      name: 'ip in another zone than included',
      conditions: zone(['zOffice']),
      context: { ...ALICE, ip: '172.16.0.1' },
      status: 'NOT_MATCH',
      items: { 'network.include': 'NOT_MATCH' },
    },
    {
      name: 'IPv6 address inside a zone',
      conditions: zone(['zVpn']),
      context: { ...ALICE, ip: '2001:db8::1' },
      status: 'MATCH',
      items: { 'network.include': 'MATCH' },
    },
    {
      name: 'IPv6 address outside every zone',
      conditions: zone(['zVpn']),
      context: { ...ALICE, ip: '2001:db9::1' },
      status: 'NOT_MATCH',
      items: { 'network.include': 'NOT_MATCH' },
    },
    {
      name: 'context zone ids instead of an address',
      conditions: zone(['zVpn']),
      context: { ...ALICE, zones: { ids: ['zOffice', 'zVpn'] } },
      status: 'MATCH',
      items: { 'network.include': 'MATCH' },
    },
    {
      name: 'ALL_ZONES includes an address in any zone',
      conditions: zone(['ALL_ZONES']),
      context: { ...ALICE, ip: '172.20.1.1' },
      status: 'MATCH',
      items: { 'network.include': 'MATCH' },
    },
    {
      name: 'ALL_ZONES does not include an address in no zone',
      conditions: zone(['ALL_ZONES']),
      context: { ...ALICE, ip: '8.8.8.8' },
      status: 'NOT_MATCH',
      items: { 'network.include': 'NOT_MATCH' },
    },
    {
      name: 'excluded zone holds the address',
      conditions: zone([], ['zOffice']),
      context: { ...ALICE, ip: '10.1.1.1' },
      status: 'NOT_MATCH',
      items: { 'network.exclude': 'NOT_MATCH' },
    },
    {
      name: 'address outside the excluded zone',
      conditions: zone([], ['zOffice']),
      context: { ...ALICE, ip: '8.8.8.8' },
      status: 'MATCH',
      items: { 'network.exclude': 'MATCH' },
    },
    {
      name: 'ALL_ZONES excluded: any zoned address fails',
      conditions: zone([], ['ALL_ZONES']),
      context: { ...ALICE, zones: { ids: ['zVpn'] } },
      status: 'NOT_MATCH',
      items: { 'network.exclude': 'NOT_MATCH' },
    },
    {
      name: 'included and excluded zones both decide',
      conditions: zone(['ALL_ZONES'], ['zVpn']),
      context: { ...ALICE, ip: '10.0.0.1' },
      status: 'MATCH',
      items: { 'network.include': 'MATCH', 'network.exclude': 'MATCH' },
    },
    {
      name: 'a zone condition without ip or zones is undefined',
      conditions: zone(['zOffice'], ['zVpn']),
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'network.include': 'UNDEFINED', 'network.exclude': 'UNDEFINED' },
    },
  ])('$name', ({ conditions, context, status, items }) => {
    expect(ruleOutcome(conditions, context)).toEqual({ status, items });
  });
});

describe('device, platform, risk, app and context-free conditions', () => {
  it.each<ConditionCase>([
    {
      name: 'registered device required and given',
      conditions: { device: { registered: true } },
      context: { ...ALICE, device: { registered: true } },
      status: 'MATCH',
      items: { 'device.registered': 'MATCH' },
    },
    {
      name: 'registered device required, unregistered given',
      conditions: { device: { registered: true } },
      context: { ...ALICE, device: { registered: false } },
      status: 'NOT_MATCH',
      items: { 'device.registered': 'NOT_MATCH' },
    },
    {
      name: 'registered and managed, device not managed',
      conditions: { device: { registered: true, managed: true } },
      context: { ...ALICE, device: { registered: true, managed: false } },
      status: 'NOT_MATCH',
      items: { 'device.registered': 'MATCH', 'device.managed': 'NOT_MATCH' },
    },
    {
      name: 'device condition without a device is undefined',
      conditions: { device: { registered: true } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'device.registered': 'UNDEFINED' },
    },
    {
      name: 'managed unknown on a given device is undefined',
      conditions: { device: { registered: true, managed: true } },
      context: { ...ALICE, device: { registered: true } },
      status: 'UNDEFINED',
      items: { 'device.registered': 'MATCH', 'device.managed': 'UNDEFINED' },
    },
    {
      name: 'platform included',
      conditions: { platform: { include: [{ type: 'MOBILE', os: { type: 'IOS' } }] } },
      context: { ...ALICE, device: { platform: 'IOS' } },
      status: 'MATCH',
      items: { 'platform.include': 'MATCH' },
    },
    {
      name: 'platform compared without regard to case',
      conditions: { platform: { include: [{ type: 'DESKTOP', os: { type: 'OSX' } }] } },
      context: { ...ALICE, device: { platform: 'osx' } },
      status: 'MATCH',
      items: { 'platform.include': 'MATCH' },
    },
    {
      name: 'platform not included',
      conditions: { platform: { include: [{ type: 'MOBILE', os: { type: 'IOS' } }] } },
      context: { ...ALICE, device: { platform: 'ANDROID' } },
      status: 'NOT_MATCH',
      items: { 'platform.include': 'NOT_MATCH' },
    },
    {
      name: 'platform condition without a platform is undefined',
      conditions: { platform: { include: [{ type: 'MOBILE', os: { type: 'IOS' } }] } },
      context: { ...ALICE, device: { registered: true } },
      status: 'UNDEFINED',
      items: { 'platform.include': 'UNDEFINED' },
    },
    {
      name: 'risk ANY matches without a risk',
      conditions: { riskScore: { level: 'ANY' } },
      context: ALICE,
      status: 'MATCH',
      items: { 'riskScore.level': 'MATCH' },
    },
    {
      name: 'risk level equal',
      conditions: { riskScore: { level: 'HIGH' } },
      context: { ...ALICE, risk: { level: 'HIGH' } },
      status: 'MATCH',
      items: { 'riskScore.level': 'MATCH' },
    },
    {
      name: 'risk level different',
      conditions: { riskScore: { level: 'HIGH' } },
      context: { ...ALICE, risk: { level: 'LOW' } },
      status: 'NOT_MATCH',
      items: { 'riskScore.level': 'NOT_MATCH' },
    },
    {
      name: 'risk level without a risk is undefined',
      conditions: { riskScore: { level: 'MEDIUM' } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'riskScore.level': 'UNDEFINED' },
    },
    {
      name: 'app included by id',
      conditions: { app: { include: [{ type: 'APP', id: 'aPortal' }], exclude: [] } },
      context: ALICE,
      status: 'MATCH',
      items: { 'app.include': 'MATCH' },
    },
    {
      name: 'app included by app type name',
      conditions: { app: { include: [{ type: 'APP_TYPE', name: 'crm' }], exclude: [] } },
      context: ALICE,
      app: 'aCrm',
      status: 'MATCH',
      items: { 'app.include': 'MATCH' },
    },
    {
      name: 'app not included',
      conditions: {
        app: {
          include: [
            { type: 'APP', id: 'aCrm' },
            { type: 'APP_TYPE', name: 'crm' },
          ],
          exclude: [],
        },
      },
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'app.include': 'NOT_MATCH' },
    },
    {
      name: 'app excluded by app type name',
      conditions: { app: { include: [], exclude: [{ type: 'APP_TYPE', name: 'portal' }] } },
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'app.exclude': 'NOT_MATCH' },
    },
    {
      name: 'app condition with empty lists is met for every app',
      conditions: { app: { include: [], exclude: [] } },
      context: ALICE,
      status: 'MATCH',
      items: {},
    },
    {
      name: 'authContext ANY matches',
      conditions: { authContext: { authType: 'ANY' } },
      context: ALICE,
      status: 'MATCH',
      items: { 'authContext.authType': 'MATCH' },
    },
    {
      name: 'authContext LDAP_INTERFACE cannot be told',
      conditions: { authContext: { authType: 'LDAP_INTERFACE' } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'authContext.authType': 'UNDEFINED' },
    },
    {
      name: 'expression condition is undefined',
      conditions: { elCondition: { condition: 'user.profile.dept == "x"' } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'elCondition.condition': 'UNDEFINED' },
    },
    {
      name: 'user identifier is undefined',
      conditions: {
        userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'SUFFIX', value: '@example.com' }] },
      },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'userIdentifier.patterns': 'UNDEFINED' },
    },
    {
      name: 'auth provider is undefined',
      conditions: { authProvider: { provider: 'PLATFORM' } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'authProvider.provider': 'UNDEFINED' },
    },
    {
      name: 'entity risk ANY matches',
      conditions: { entityRisk: { level: 'ANY' } },
      context: ALICE,
      status: 'MATCH',
      items: { 'entityRisk.level': 'MATCH' },
    },
    {
      name: 'entity risk HIGH is undefined',
      conditions: { entityRisk: { level: 'HIGH' } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'entityRisk.level': 'UNDEFINED' },
    },
    {
      name: 'risk detection types are undefined',
      conditions: { riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK'] } },
      context: ALICE,
      status: 'UNDEFINED',
      items: { 'riskDetectionTypes.include': 'UNDEFINED' },
    },
    {
      name: 'one failing condition outweighs an undefined one',
      conditions: { riskScore: { level: 'HIGH' }, ...groupsInclude('gSales') },
      context: ALICE,
      status: 'NOT_MATCH',
      items: { 'riskScore.level': 'UNDEFINED', 'people.groups.include': 'NOT_MATCH' },
    },
    { name: 'no conditions at all', conditions: {}, context: ALICE, status: 'MATCH', items: {} },
  ])('$name', ({ conditions, context, status, items, app }) => {
    expect(ruleOutcome(conditions, context, app)).toEqual({ status, items });
  });

  it('reports condition items in a fixed order', () => {
    const conditions: Conditions = {
      riskScore: { level: 'ANY' },
      network: { connection: 'ANYWHERE' },
      ...groupsInclude('gEng'),
    };
    const org = memoryOrg([{ id: 'P', priority: 1, rules: [{ id: 'R', priority: 1, conditions }] }]);
    const rule = run(org, ALICE, ['RULE'])[0].result.policies[0].rules[0];
    expect(rule.conditions.map((c) => c.type)).toEqual([
      'people.groups.include',
      'network.connection',
      'riskScore.level',
    ]);
  });
});

describe('undefined outcomes', () => {
  const highRisk: Conditions = { riskScore: { level: 'HIGH' } };

  it('reports an undecidable policy and goes on to the next one', () => {
    const specs: PolicySpec[] = [
      { id: 'Prisky', priority: 1, conditions: zone(['zOffice']), rules: [always('Ra', 1)] },
      { id: 'Pnext', priority: 2, rules: [always('Rb', 1)] },
    ];
    expect(signOn(specs)).toEqual({
      result: ['Pnext:MATCH[Rb:MATCH]'],
      undefined: ['Prisky:UNDEFINED[Ra:MATCH]'],
      evaluated: [],
    });
    // The same policy is decided once the context gives an address.
    expect(signOn(specs, { ...ALICE, ip: '10.0.0.9' }).result).toEqual(['Prisky:MATCH[Ra:MATCH]']);
    expect(signOn(specs, { ...ALICE, ip: '8.8.8.8' }, ['EVALUATED'])).toEqual({
      result: ['Pnext:MATCH[Rb:MATCH]'],
      undefined: [],
      evaluated: ['Prisky:NOT_MATCH[]'],
    });
  });

  it('reports an undecidable rule and lets the next sure match win', () => {
    const specs: PolicySpec[] = [
      { id: 'P', priority: 1, rules: [{ id: 'Rrisk', priority: 1, conditions: highRisk }, always('Rany', 2)] },
    ];
    expect(signOn(specs)).toEqual({ result: ['P:MATCH[Rrisk:UNDEFINED,Rany:MATCH]'], undefined: [], evaluated: [] });
    expect(signOn(specs, { ...ALICE, risk: { level: 'HIGH' } }).result).toEqual(['P:MATCH[Rrisk:MATCH]']);
  });

  it('puts a policy whose only candidate rules are undecidable among the undefined', () => {
    const specs: PolicySpec[] = [
      {
        id: 'P1',
        priority: 1,
        rules: [
          { id: 'Rno', priority: 1, conditions: groupsInclude('gSales') },
          { id: 'Rrisk', priority: 2, conditions: highRisk },
        ],
      },
      { id: 'P2', priority: 2, rules: [always('R2', 1)] },
    ];
    expect(signOn(specs)).toEqual({
      result: ['P2:MATCH[R2:MATCH]'],
      undefined: ['P1:UNDEFINED[Rrisk:UNDEFINED]'],
      evaluated: [],
    });
    expect(signOn(specs, ALICE, ['EVALUATED']).undefined).toEqual(['P1:UNDEFINED[Rno:NOT_MATCH,Rrisk:UNDEFINED]']);
  });

  it('decides a policy with undefined conditions as NOT_MATCH when none of its rules can match', () => {
    const specs: PolicySpec[] = [
      {
        id: 'P1',
        priority: 1,
        conditions: zone(['zVpn']),
        rules: [{ id: 'Rno', priority: 1, conditions: groupsInclude('gSales') }],
      },
    ];
    expect(signOn(specs, ALICE, ['EVALUATED'])).toEqual({
      result: [],
      undefined: [],
      evaluated: ['P1:NOT_MATCH[Rno:NOT_MATCH]'],
    });
  });

  it('reports several undefined policies in priority order', () => {
    const specs: PolicySpec[] = [
      { id: 'Pb', priority: 2, rules: [{ id: 'Rb', priority: 1, conditions: highRisk }] },
      { id: 'Pa', priority: 1, rules: [{ id: 'Ra', priority: 1, conditions: { device: { registered: true } } }] },
    ];
    expect(signOn(specs).undefined).toEqual(['Pa:UNDEFINED[Ra:UNDEFINED]', 'Pb:UNDEFINED[Rb:UNDEFINED]']);
  });
});

describe('authentication policies', () => {
  const accessSpecs = (over: Partial<Record<string, Partial<PolicySpec>>> = {}): PolicySpec[] =>
    [
      { id: 'apConsole', type: 'ACCESS_POLICY' as const, priority: 1, rules: [{ id: 'Rconsole', priority: 0 }] },
      {
        id: 'apCrm',
        type: 'ACCESS_POLICY' as const,
        priority: 2,
        rules: [
          { id: 'RcrmAdmins', priority: 0, conditions: groupsInclude('gAdmins') },
          { id: 'RcrmDefault', priority: 99 },
        ],
      },
      { id: 'apDefault', type: 'ACCESS_POLICY' as const, priority: 3, rules: [{ id: 'Rdefault', priority: 99 }] },
    ].map((p) => ({ ...p, ...over[p.id] }));

  const access = (
    specs: PolicySpec[],
    appInstance: string,
    context: Context = ALICE,
    expand: SimulationExpand[] = [],
  ) =>
    summary(
      simulate(
        memoryOrg(specs),
        { appInstance, policyTypes: ['ACCESS_POLICY'], policyContext: context },
        new Set(expand),
      ).evaluation[0],
    );

  it.each([
    { app: 'aCrm', context: ALICE, result: ['apCrm:MATCH[RcrmAdmins:NOT_MATCH,RcrmDefault:MATCH]'] },
    { app: 'aCrm', context: { user: { id: 'uCarol' } }, result: ['apCrm:MATCH[RcrmAdmins:MATCH]'] },
    { app: 'aConsole', context: ALICE, result: ['apConsole:MATCH[Rconsole:MATCH]'] },
    { app: 'aPortal', context: ALICE, result: ['apDefault:MATCH[Rdefault:MATCH]'] },
  ])('evaluates only the policy mapped to $app', ({ app, context, result }) => {
    expect(access(accessSpecs(), app, context, ['EVALUATED'])).toEqual({ result, undefined: [], evaluated: [] });
  });

  it('does not fall back to other authentication policies when the mapped one does not match', () => {
    const specs = accessSpecs({
      apCrm: { rules: [{ id: 'RcrmAdmins', priority: 0, conditions: groupsInclude('gAdmins') }] },
    });
    expect(access(specs, 'aCrm', ALICE, ['EVALUATED'])).toEqual({
      result: [],
      undefined: [],
      evaluated: ['apCrm:NOT_MATCH[RcrmAdmins:NOT_MATCH]'],
    });
  });

  it('evaluates nothing when the mapped policy is inactive', () => {
    const specs = accessSpecs({ apCrm: { status: 'INACTIVE' } });
    expect(access(specs, 'aCrm', ALICE, ['EVALUATED'])).toEqual({ result: [], undefined: [], evaluated: [] });
  });

  it('orders rules from priority 0 with the default rule at 99 last', () => {
    const specs = accessSpecs({
      apCrm: {
        rules: [
          { id: 'RcrmDefault', priority: 99 },
          { id: 'Rfirst', priority: 0 },
        ],
      },
    });
    expect(access(specs, 'aCrm').result).toEqual(['apCrm:MATCH[Rfirst:MATCH]']);
  });
});

describe('policy types and response shape', () => {
  const org = memoryOrg([
    { id: 'Pson', type: 'PLATFORM_SIGN_ON', priority: 1, rules: [always('Rson', 1)] },
    { id: 'Pmfa', type: 'MFA_ENROLL', priority: 1, rules: [always('Rmfa', 1)] },
    { id: 'Pprof', type: 'PROFILE_ENROLLMENT', priority: 1, rules: [always('Rprof', 1)] },
    { id: 'Ppwd', type: 'PASSWORD', priority: 1, rules: [always('Rpwd', 1)] },
    { id: 'apDefault', type: 'ACCESS_POLICY', priority: 1, rules: [always('Racc', 99)] },
  ]);

  it('evaluates the four simulation types in a fixed order when policyTypes is null or absent', () => {
    for (const policyTypes of [null, undefined]) {
      const out = simulate(org, { appInstance: 'aPortal', policyTypes, policyContext: ALICE }, new Set());
      expect(out.evaluation.map((e) => [e.policyType, e.result.policies[0]?.id])).toEqual([
        ['PLATFORM_SIGN_ON', 'Pson'],
        ['MFA_ENROLL', 'Pmfa'],
        ['PROFILE_ENROLLMENT', 'Pprof'],
        ['ACCESS_POLICY', 'apDefault'],
      ]);
    }
  });

  it('evaluates the requested types in request order, once each', () => {
    const out = simulate(
      org,
      { appInstance: 'aPortal', policyTypes: ['ACCESS_POLICY', 'MFA_ENROLL', 'ACCESS_POLICY'], policyContext: ALICE },
      new Set(),
    );
    expect(out.evaluation.map((e) => e.policyType)).toEqual(['ACCESS_POLICY', 'MFA_ENROLL']);
  });

  it('gives ids, names and statuses, and leaves conditions empty without expand=RULE', () => {
    const specs: PolicySpec[] = [
      {
        id: 'P',
        priority: 1,
        conditions: groupsInclude('gEng'),
        rules: [{ id: 'R', priority: 1, conditions: zone(['zOffice']) }],
      },
    ];
    const [entry] = run(memoryOrg(specs), { ...ALICE, ip: '10.0.0.1' });
    expect(entry).toEqual({
      policyType: 'PLATFORM_SIGN_ON',
      status: null,
      result: {
        policies: [
          {
            id: 'P',
            name: 'Policy P',
            status: 'MATCH',
            conditions: [],
            rules: [{ id: 'R', name: 'Rule R', status: 'MATCH', conditions: [] }],
          },
        ],
      },
      undefined: { policies: [] },
      evaluated: { policies: [] },
    });
  });

  it('adds policy and rule condition items with expand=RULE', () => {
    const specs: PolicySpec[] = [
      {
        id: 'P',
        priority: 1,
        conditions: groupsInclude('gEng'),
        rules: [{ id: 'R', priority: 1, conditions: zone(['zOffice']) }],
      },
    ];
    const [entry] = run(memoryOrg(specs), { ...ALICE, ip: '10.0.0.1' }, ['RULE']);
    const policy = entry.result.policies[0];
    expect(policy.conditions).toEqual([{ type: 'people.groups.include', status: 'MATCH' }]);
    expect(policy.rules[0].conditions).toEqual([{ type: 'network.include', status: 'MATCH' }]);
    expect(entry.evaluated.policies).toEqual([]);
  });

  it('adds evaluated-but-not-matched policies only with expand=EVALUATED', () => {
    const specs: PolicySpec[] = [
      { id: 'Pno', priority: 1, conditions: groupsInclude('gSales'), rules: [always('Rno', 1)] },
      { id: 'Pyes', priority: 2, rules: [always('Ryes', 1)] },
    ];
    expect(run(memoryOrg(specs), ALICE, ['RULE'])[0].evaluated.policies).toEqual([]);
    expect(run(memoryOrg(specs), ALICE, BOTH)[0].evaluated.policies).toEqual([
      {
        id: 'Pno',
        name: 'Policy Pno',
        status: 'NOT_MATCH',
        conditions: [{ type: 'people.groups.include', status: 'NOT_MATCH' }],
        rules: [],
      },
    ]);
  });
});
