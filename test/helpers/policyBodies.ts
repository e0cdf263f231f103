// Create bodies of every policy type and rule type with most members the spec allows, naming the
// groups, zones, apps and users of the emulator's built-in fixture.
import type { PolicyType } from '../../src/rest/types.ts';

/** A create body per policy type, with its policy-level members. */
export const POLICY_BODIES: Record<PolicyType, Record<string, unknown>> = {
  PLATFORM_SIGN_ON: { conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } } },
  PASSWORD: {
    conditions: { people: { groups: { include: ['00g2sales'], exclude: ['00g3admins'] } } },
    settings: {
      password: { complexity: { minLength: 12, excludeAttributes: ['firstName'] }, lockout: { maxAttempts: 5 } },
      recovery: { factors: { platform_sms: { status: 'ACTIVE' } } },
      delegation: { options: { skipUnlock: true } },
    },
  },
  MFA_ENROLL: {
    settings: {
      type: 'AUTHENTICATORS',
      authenticators: [{ key: 'webauthn', enroll: { self: 'OPTIONAL' }, constraints: { aaguidGroups: ['keys'] } }],
    },
  },
  IDP_DISCOVERY: {}, // exactly one per org: its rules go to the default policy
  ACCESS_POLICY: { description: 'Apps of the finance team' },
  PROFILE_ENROLLMENT: { description: 'Self-service registration' },
  ENTITY_RISK: {},
  CONTINUOUS_ACCESS: {},
};

/** A rule per rule type, with conditions and actions the type accepts. */
export const RULE_BODIES: Record<PolicyType, { conditions?: unknown; actions?: unknown }> = {
  PLATFORM_SIGN_ON: {
    conditions: {
      people: { users: { include: ['00u1alice'], exclude: [] } },
      network: { connection: 'ZONE', include: ['nzo1office'] },
      authContext: { authType: 'ANY' },
      riskScore: { level: 'LOW' },
      userType: { include: ['oty1contractor'], exclude: [] },
      device: { registered: true, managed: true },
      platform: { include: [{ type: 'MOBILE', os: { type: 'IOS' } }] },
      authProvider: { provider: 'PLATFORM' },
      elCondition: { condition: "user.profile.department == 'eng'" },
      userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'SUFFIX', value: '@example.com' }] },
    },
    actions: {
      signon: {
        access: 'ALLOW',
        requireFactor: true,
        primaryFactor: 'PASSWORD_IDP_ANY_FACTOR',
        factorPromptMode: 'SESSION',
        factorLifetime: 15,
        session: { maxSessionIdleMinutes: 60 },
      },
    },
  },
  PASSWORD: {
    conditions: { network: { connection: 'ANYWHERE' } },
    actions: {
      passwordChange: { access: 'ALLOW' },
      selfServicePasswordReset: {
        access: 'ALLOW',
        requirement: {
          primary: {
            methods: ['EMAIL', 'OTP'],
            methodConstraints: [{ method: 'OTP', allowedAuthenticators: [{ key: 'vendor_c_otp' }] }],
          },
          stepUp: { required: true, methods: ['security_question'] },
        },
      },
    },
  },
  MFA_ENROLL: { actions: { enroll: { self: 'LOGIN' } } },
  IDP_DISCOVERY: {
    conditions: { app: { include: [{ type: 'APP', id: '0oa1portal' }], exclude: [{ type: 'APP_TYPE', name: 'crm' }] } },
    actions: {
      idp: {
        providers: [],
        idpSelectionType: 'DYNAMIC',
        matchCriteria: [{ providerExpression: 'login.identifier.substringAfter("@")' }],
      },
    },
  },
  ACCESS_POLICY: {
    conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } },
    actions: {
      appSignOn: {
        access: 'ALLOW',
        verificationMethod: {
          type: 'ASSURANCE',
          factorMode: '2FA',
          reauthenticateIn: 'PT2H',
          constraints: [
            {
              knowledge: { types: ['PASSWORD'], reauthenticateIn: 'PT1H' },
              possession: {
                authenticationMethods: [{ key: 'webauthn', method: 'WEBAUTHN' }],
                phishingResistant: 'REQUIRED',
              },
            },
            { possession: { excludedAuthenticationMethods: [{ key: 'phone_number', method: 'SMS' }] } },
          ],
        },
      },
    },
  },
  PROFILE_ENROLLMENT: {}, // one rule only: its default rule is edited instead
  ENTITY_RISK: {
    conditions: {
      entityRisk: { level: 'HIGH' },
      riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK'] },
    },
    actions: {
      entityRisk: {
        actions: [{ action: 'TERMINATE_ALL_SESSIONS' }, { action: 'RUN_WORKFLOW', workflow: { id: 'wfl1' } }],
      },
    },
  },
  CONTINUOUS_ACCESS: {
    conditions: { people: { groups: { include: ['00g3admins'], exclude: [] } } },
    actions: {
      continuousAccess: {
        failureActions: [
          { action: 'TERMINATE_SESSION', slo: { appSelectionMode: 'SPECIFIC', appInstanceIds: ['0oa1portal'] } },
        ],
      },
    },
  },
};
