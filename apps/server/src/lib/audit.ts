export type TAuditEntry = {
  action: string;
  actorId?: string | null;
  targetType?: string;
  targetId?: string;
  ip?: string;
  metadata?: Record<string, unknown>;
};

/** Audit actions written by the account system (other modules add their own, same naming: domain.verb). */
export const AUDIT = {
  signup: 'auth.signup',
  loginSuccess: 'auth.login',
  loginFailure: 'auth.login_failed',
  loginRefused: 'auth.login_refused',
  refreshReused: 'auth.refresh_reused',
  logout: 'auth.logout',
  passwordChanged: 'auth.password_changed',
  passwordReset: 'auth.password_reset',
  emailConfirmed: 'auth.email_confirmed',
  sessionRevoked: 'auth.session_revoked',
  sessionsRevokedByAdmin: 'auth.sessions_revoked_by_admin',
  googleLinked: 'auth.google_linked',
  profileUpdated: 'auth.profile_updated',
  signupExisting: 'auth.signup_existing',
  identityLinkRequested: 'auth.identity_link_requested',
  identityLinked: 'auth.identity_linked',
  identityUnlinked: 'auth.identity_unlinked',
  identitiesDroppedByReset: 'auth.identities_dropped_by_reset',
  sessionsEndedByUser: 'auth.sessions_ended_by_user',
  allSessionsRevokedByAdmin: 'auth.all_sessions_revoked_by_admin',
  secondFactorEnrolled: 'auth.second_factor_enrolled',
  secondFactorRemoved: 'auth.second_factor_removed',
  recoveryCodeUsed: 'auth.recovery_code_used',
  secondFactorPolicyChanged: 'auth.second_factor_policy_changed',
  secondStepLocked: 'auth.second_step_locked',
  loginLockedMailed: 'auth.login_locked_mailed',
  loginUnlocked: 'auth.login_unlocked',
} as const;

export { writeAudit } from './audit.repository.ts';
