// GraphQL inputs to REST bodies: explicit nulls mean "not sent", everything else passes as the
// user wrote it (the service validates), and the flattened one-of objects keep only what was sent.
import { describe, expect, it } from 'vitest';
import {
  inputPathOfWirePath,
  toPolicyBody,
  toRuleBody,
  toSimulationBody,
  toUpdateUserTypeBody,
} from '../../src/gateway/resolvers/inputs.ts';
import { withoutNulls } from '../../src/rest/values.ts';

describe('withoutNulls', () => {
  it('drops null members at every depth and keeps falsy values', () => {
    expect(withoutNulls({ a: null, b: 0, c: false, d: '', e: [], f: { g: null, h: [{ i: null, j: 1 }] } })).toEqual({
      b: 0,
      c: false,
      d: '',
      e: [],
      f: { h: [{ j: 1 }] },
    });
  });

  it('reads objects without a prototype, as GraphQL builds them', () => {
    const value = Object.assign(Object.create(null), { name: 'x', description: null });
    expect(withoutNulls(value)).toEqual({ name: 'x' });
  });
});

describe('bodies', () => {
  it('builds a policy body with only what was sent', () => {
    expect(
      toPolicyBody({
        type: 'PASSWORD',
        name: 'P',
        description: null,
        priority: null,
        settings: { password: { complexity: { minLength: 12, excludeAttributes: null } }, recovery: null },
      }),
    ).toEqual({ type: 'PASSWORD', name: 'P', settings: { password: { complexity: { minLength: 12 } } } });
  });

  it('turns @oneOf app condition entries into REST entries and sends action items without the members left null', () => {
    const body = toRuleBody({
      type: 'ACCESS_POLICY',
      name: 'R',
      conditions: {
        app: {
          include: [{ app: '0oa1' }],
          exclude: [{ appType: 'saml' }],
        },
      },
      actions: {
        appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA', constraints: null } },
        entityRisk: { actions: [{ action: 'TERMINATE_ALL_SESSIONS', workflow: null }] },
        continuousAccess: { failureActions: [{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' }, slo: null }] },
      },
    });
    expect(body).toEqual({
      type: 'ACCESS_POLICY',
      name: 'R',
      conditions: { app: { include: [{ type: 'APP', id: '0oa1' }], exclude: [{ type: 'APP_TYPE', name: 'saml' }] } },
      actions: {
        appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA' } },
        entityRisk: { actions: [{ action: 'TERMINATE_ALL_SESSIONS' }] },
        continuousAccess: { failureActions: [{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } }] },
      },
    });
  });

  it('builds the simulation body and a partial user type update', () => {
    expect(
      toSimulationBody({
        appInstance: '0oa1',
        policyTypes: null,
        policyContext: { subject: { user: { id: '00u1' } }, network: { ip: '10.0.0.1' }, risk: null },
      }),
    ).toEqual({
      appInstance: '0oa1',
      policyContext: { user: { id: '00u1' }, ip: '10.0.0.1' },
    });
    expect(toUpdateUserTypeBody({ displayName: null, description: 'd' })).toEqual({ description: 'd' });
  });
  it('names an app condition entry member by its input name in a user error field', () => {
    const at = (...rest: string[]) => ['input', 'conditions', 'app', 'include', '0', ...rest];
    expect(inputPathOfWirePath(at('id'))).toEqual(at('app'));
    expect(inputPathOfWirePath(at('name'))).toEqual(at('appType'));
    expect(inputPathOfWirePath(at('type'))).toEqual(at());
    expect(inputPathOfWirePath(at('constructor'))).toEqual(at('constructor'));
    const other = ['input', 'settings', 'password', 'complexity', 'minLength'];
    expect(inputPathOfWirePath(other)).toEqual(other);
  });
});
