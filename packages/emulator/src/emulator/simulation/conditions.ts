// Evaluates one Conditions object (of a policy or a rule) against the simulation facts. Every
// constraint the object actually sets becomes one condition item named by its dotted path, so the
// response can say which part matched and which did not; the object's status is the conjunction
// of its items. Empty include/exclude lists constrain nothing and produce no item.
import type { AppConditionEntry, Conditions, SimulatedCondition, SimulationStatus } from '../../rest/types.ts';
import { ALL_ZONES } from '../policyTypes/conditions.ts';
import type { EvaluationFacts } from './context.ts';
import { allOf, known } from './status.ts';

type Evaluator<K extends keyof Conditions> = (
  condition: NonNullable<Conditions[K]>,
  facts: EvaluationFacts,
) => SimulatedCondition[];

const item = (type: string, status: SimulationStatus): SimulatedCondition => ({ type, status });
const nonEmpty = <T>(list: readonly T[] | null | undefined): list is readonly T[] =>
  Array.isArray(list) && list.length > 0;

const people: Evaluator<'people'> = (c, f) => {
  const out: SimulatedCondition[] = [];
  const users = c.users;
  const groups = c.groups;
  // Without a user (groups-only context) nothing can be said about user lists.
  if (nonEmpty(users?.include))
    out.push(
      item(
        'people.users.include',
        known(f.userId, (id) => users.include.includes(id)),
      ),
    );
  if (nonEmpty(users?.exclude))
    out.push(
      item(
        'people.users.exclude',
        known(f.userId, (id) => !users.exclude.includes(id)),
      ),
    );
  const inAny = (ids: readonly string[]) => ids.some((id) => f.groupIds.has(id));
  if (nonEmpty(groups?.include)) out.push(item('people.groups.include', inAny(groups.include) ? 'MATCH' : 'NOT_MATCH'));
  if (nonEmpty(groups?.exclude)) out.push(item('people.groups.exclude', inAny(groups.exclude) ? 'NOT_MATCH' : 'MATCH'));
  return out;
};

const userType: Evaluator<'userType'> = (c, f) => {
  const out: SimulatedCondition[] = [];
  const include = c.include;
  if (nonEmpty(include))
    out.push(
      item(
        'userType.include',
        known(f.userTypeId, (t) => include.includes(t)),
      ),
    );
  if (nonEmpty(c.exclude))
    out.push(
      item(
        'userType.exclude',
        known(f.userTypeId, (t) => !c.exclude.includes(t)),
      ),
    );
  return out;
};

const authContext: Evaluator<'authContext'> = (c) => {
  // A simulation describes no authentication channel, so only ANY can be decided.
  const authType = c.authType ?? 'ANY';
  return [item('authContext.authType', authType === 'ANY' ? 'MATCH' : 'UNDEFINED')];
};

const network: Evaluator<'network'> = (c, f) => {
  const include = c.include ?? [];
  const exclude = c.exclude ?? [];
  const connection = c.connection ?? (include.length > 0 || exclude.length > 0 ? 'ZONE' : 'ANYWHERE');
  if (connection === 'ANYWHERE' || (include.length === 0 && exclude.length === 0)) {
    return [item('network.connection', 'MATCH')];
  }
  const touches = (zones: ReadonlySet<string>, list: readonly string[]) =>
    list.includes(ALL_ZONES) ? zones.size > 0 : list.some((id) => zones.has(id));
  const out: SimulatedCondition[] = [];
  if (include.length > 0)
    out.push(
      item(
        'network.include',
        known(f.zoneIds, (z) => touches(z, include)),
      ),
    );
  if (exclude.length > 0)
    out.push(
      item(
        'network.exclude',
        known(f.zoneIds, (z) => !touches(z, exclude)),
      ),
    );
  return out;
};

const app: Evaluator<'app'> = (c, f) => {
  const matches = (e: AppConditionEntry) =>
    e.type === 'APP' ? e.id === f.appId : f.app !== undefined && e.name === f.app.name;
  const out: SimulatedCondition[] = [];
  if (nonEmpty(c.include)) out.push(item('app.include', c.include.some(matches) ? 'MATCH' : 'NOT_MATCH'));
  if (nonEmpty(c.exclude)) out.push(item('app.exclude', c.exclude.some(matches) ? 'NOT_MATCH' : 'MATCH'));
  return out;
};

const platform: Evaluator<'platform'> = (c, f) => {
  if (!nonEmpty(c.include)) return [];
  return [
    item(
      'platform.include',
      // `ANY` is every operating system.
      known(f.devicePlatform, (p) => c.include.some((e) => e.os?.type === 'ANY' || e.os?.type === p)),
    ),
  ];
};

const device: Evaluator<'device'> = (c, f) => {
  const out: SimulatedCondition[] = [];
  if (typeof c.registered === 'boolean')
    out.push(
      item(
        'device.registered',
        known(f.deviceRegistered, (r) => r === c.registered),
      ),
    );
  if (typeof c.managed === 'boolean')
    out.push(
      item(
        'device.managed',
        known(f.deviceManaged, (m) => m === c.managed),
      ),
    );
  return out;
};

const riskScore: Evaluator<'riskScore'> = (c, f) => [
  item('riskScore.level', c.level === 'ANY' ? 'MATCH' : known(f.riskLevel, (l) => l === c.level)),
];

// The conditions below depend on data a simulation request cannot carry (expression results,
// the typed identifier, the user's directory, entity risk events): they are UNDEFINED unless
// they constrain nothing.
const entityRisk: Evaluator<'entityRisk'> = (c) => [
  item('entityRisk.level', c.level === 'ANY' ? 'MATCH' : 'UNDEFINED'),
];
const elCondition: Evaluator<'elCondition'> = () => [item('elCondition.condition', 'UNDEFINED')];
const userIdentifier: Evaluator<'userIdentifier'> = () => [item('userIdentifier.patterns', 'UNDEFINED')];
const authProvider: Evaluator<'authProvider'> = () => [item('authProvider.provider', 'UNDEFINED')];
const riskDetectionTypes: Evaluator<'riskDetectionTypes'> = (c) => {
  const out: SimulatedCondition[] = [];
  if (nonEmpty(c.include)) out.push(item('riskDetectionTypes.include', 'UNDEFINED'));
  if (nonEmpty(c.exclude)) out.push(item('riskDetectionTypes.exclude', 'UNDEFINED'));
  return out;
};

/** Evaluators in the order their items are reported. */
const EVALUATORS: { [K in keyof Conditions]-?: Evaluator<K> } = {
  people,
  userType,
  authContext,
  network,
  authProvider,
  userIdentifier,
  app,
  platform,
  device,
  riskScore,
  elCondition,
  entityRisk,
  riskDetectionTypes,
};

/** One item per constraint set in `conditions` (none for null or empty conditions). */
export function evaluateConditions(
  conditions: Conditions | null | undefined,
  facts: EvaluationFacts,
): SimulatedCondition[] {
  if (!conditions) return [];
  const out: SimulatedCondition[] = [];
  for (const key of Object.keys(EVALUATORS) as (keyof Conditions)[]) {
    const condition = conditions[key];
    if (condition === undefined || condition === null) continue;
    const evaluate = EVALUATORS[key] as Evaluator<typeof key>;
    out.push(...evaluate(condition as never, facts));
  }
  return out;
}

/** The status of a whole Conditions object: every item must match. */
export function conditionsStatus(items: readonly SimulatedCondition[]): SimulationStatus {
  return allOf(items.map((i) => i.status));
}
