// One validation module per policy type, looked up by the policy's type.
import type { PolicyType } from '../../rest/types.ts';
import type { PolicyTypeModule } from './registry.ts';
import { signOnModule } from './signOn.ts';
import { passwordModule } from './password.ts';
import { mfaEnrollModule } from './mfaEnroll.ts';
import { idpDiscoveryModule } from './idpDiscovery.ts';
import { accessPolicyModule } from './accessPolicy.ts';
import { profileEnrollmentModule } from './profileEnrollment.ts';
import { entityRiskModule } from './entityRisk.ts';
import { continuousAccessModule } from './continuousAccess.ts';

export const POLICY_TYPE_MODULES: Record<PolicyType, PolicyTypeModule> = {
  PLATFORM_SIGN_ON: signOnModule,
  PASSWORD: passwordModule,
  MFA_ENROLL: mfaEnrollModule,
  IDP_DISCOVERY: idpDiscoveryModule,
  ACCESS_POLICY: accessPolicyModule,
  PROFILE_ENROLLMENT: profileEnrollmentModule,
  ENTITY_RISK: entityRiskModule,
  CONTINUOUS_ACCESS: continuousAccessModule,
};

export { validateConditions } from './conditions.ts';
