// Permissions as booleans: viewerCan* on policies and rules follow the service's links and hints,
// so a console hides exactly the buttons the service would refuse.
import { describe, expect, it } from 'vitest';
import { createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, ok } from './schema-helpers.ts';

const stack = useStack();

const CAN = 'viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate';

describe('viewerCan*', () => {
  it('a new policy and rule can be updated, deleted and deactivated; once inactive, activated', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Mine' });
    const rule = await createRule(stack().emulator, policy.id, { type: 'PASSWORD', name: 'R', status: 'INACTIVE' });
    const data = await ok(stack(), `query($id: ID!) { policy(id: $id) { ${CAN} rules { ${CAN} } } }`, {
      id: policy.id,
    });
    const active = {
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanActivate: false,
      viewerCanDeactivate: true,
    };
    expect(data.policy).toMatchObject(active);
    const [r] = data.policy.rules.filter((x: any) => x.viewerCanDelete);
    expect(r).toEqual({ ...active, viewerCanActivate: true, viewerCanDeactivate: false });
    void rule;
  });

  it('system objects: no delete, no lifecycle; read-only default rules cannot be updated', async () => {
    const query = `query($id: ID!) { policy(id: $id) { ${CAN} rules { system ${CAN} } } }`;
    const signOn = await ok(stack(), query, { id: await defaultPolicyId(stack(), 'PLATFORM_SIGN_ON') });
    const system = {
      viewerCanUpdate: true,
      viewerCanDelete: false,
      viewerCanActivate: false,
      viewerCanDeactivate: false,
    };
    expect(signOn.policy).toMatchObject(system);
    expect(signOn.policy.rules.find((r: any) => r.system)).toMatchObject(system);
    const mfa = await ok(stack(), query, { id: await defaultPolicyId(stack(), 'MFA_ENROLL') });
    expect(mfa.policy.rules.find((r: any) => r.system)).toMatchObject({ ...system, viewerCanUpdate: false });
  });

  it('a policy mapped to an application cannot be deleted', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'ACCESS_POLICY', name: 'Mapped', description: 'x' });
    await stack().emulator.call('PUT', `/api/v1/apps/0oa1portal/policies/${policy.id}`);
    const data = await ok(stack(), `query($id: ID!) { policy(id: $id) { viewerCanDelete viewerCanUpdate } }`, {
      id: policy.id,
    });
    expect(data.policy).toEqual({ viewerCanDelete: false, viewerCanUpdate: true });
  });
});
