// Seeds the fixture's policies and rules through the API's own handlers, so that a fixture policy is
// accepted exactly when a client's create (or, for `system: true`, replace) would be, and refused
// with the same causes, prefixed with the fixture member (`policies[1].rules[0].actions…`).
import { ApiError } from '../common/errors.ts';
import { mayCallAnything } from '../access/rights.ts';
import type { Handler, HandlerContext } from './handler.ts';
import type { Params } from './router.ts';
import { createPolicy, replacePolicy } from './policies.ts';
import { createRule, replaceRule } from './rules.ts';
import { FixtureError, type FixturePolicy, type FixtureRule, type OrgFixture } from '../org/fixture.ts';
import type { OrgStore } from '../org/store.ts';

/** Adds the fixture's policies in order (each just above its type's default policy), then their rules. */
export function seedFixturePolicies(store: OrgStore, fixture: OrgFixture, label = 'fixture'): void {
  const problems: string[] = [];
  fixture.policies.forEach((policy, i) => {
    try {
      seedPolicy(store, policy, `policies[${i}]`);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      problems.push(...e.causes);
    }
  });
  if (problems.length) throw new FixtureError(`${label} is invalid:\n  - ${problems.join('\n  - ')}`);
}

/** The causes of one refused fixture member, each naming the member. */
class Refusal extends Error {
  constructor(readonly causes: string[]) {
    super(causes.join('; '));
  }
}

function seedPolicy(store: OrgStore, fp: FixturePolicy, at: string): void {
  const { id, system, rules = [], ...body } = fp;
  if (id !== undefined && store.policy(id)) throw new Refusal([`${at}.id: duplicates policy id ${id}`]);
  let policyId: string;
  if (system) {
    const existing = store.defaultPolicy(fp.type);
    if (!existing) throw new Refusal([`${at}.system: the org has no default ${fp.type} policy to replace`]);
    policyId = run(store, replacePolicy, { policyId: existing.id }, body, at);
  } else policyId = run(store, createPolicy, {}, body, at);
  if (id !== undefined) {
    store.renamePolicy(policyId, id);
    policyId = id;
  }
  for (const [j, rule] of rules.entries()) seedRule(store, policyId, rule, `${at}.rules[${j}]`);
}

function seedRule(store: OrgStore, policyId: string, fr: FixtureRule, at: string): void {
  const { id, system, ...body } = fr;
  if (id !== undefined && store.hasRuleId(id)) throw new Refusal([`${at}.id: duplicates rule id ${id}`]);
  let ruleId: string;
  if (system) {
    const existing = store.rules(policyId).find((r) => r.system);
    if (!existing) throw new Refusal([`${at}.system: the policy has no default rule to replace`]);
    ruleId = run(store, replaceRule, { policyId, ruleId: existing.id }, body, at);
  } else ruleId = run(store, createRule, { policyId }, body, at);
  if (id !== undefined) store.renameRule(policyId, ruleId, id);
}

/** Runs one handler as a request would; returns the id of the object it answered with. */
function run(store: OrgStore, handler: Handler, params: Params, body: unknown, at: string): string {
  const ctx: HandlerContext = { store, base: '', params, query: new URLSearchParams(), body, may: mayCallAnything };
  try {
    return (handler(ctx).body as { id: string }).id;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const causes = e.causes.length ? e.causes : [e.errorSummary];
    throw new Refusal(causes.map((cause) => (/^[\w.[\]()]+: /.test(cause) ? `${at}.${cause}` : `${at}: ${cause}`)));
  }
}
