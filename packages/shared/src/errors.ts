import { ko } from './messages/ko.ts';

/** Stable error codes, their HTTP status and default Korean message. */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: ko.errors.badRequest },
  INVALID_JSON: { status: 400, message: ko.errors.invalidJson },
  VALIDATION_FAILED: { status: 400, message: ko.errors.validation },
  INVALID_TEXT: { status: 400, message: ko.security.invalidText },
  UNAUTHORIZED: { status: 401, message: ko.errors.unauthorized },
  FORBIDDEN: { status: 403, message: ko.errors.forbidden },
  NOT_FOUND: { status: 404, message: ko.errors.notFound },
  ROUTE_NOT_FOUND: { status: 404, message: ko.errors.routeNotFound },
  METHOD_NOT_ALLOWED: { status: 405, message: ko.errors.methodNotAllowed },
  CONFLICT: { status: 409, message: ko.errors.conflict },
  PAYLOAD_TOO_LARGE: { status: 413, message: ko.errors.payloadTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: ko.errors.unsupportedMediaType },
  RATE_LIMITED: { status: 429, message: ko.errors.rateLimited },
  MAIL_QUOTA: { status: 429, message: ko.security.mailQuotaUser(60) },
  TOO_MANY_STREAMS: { status: 429, message: ko.security.tooManyStreams(10) },
  DOCUMENT_TOO_BIG: { status: 413, message: ko.security.documentTooBig },
  INTERNAL: { status: 500, message: ko.errors.internal },
  SERVICE_UNAVAILABLE: { status: 503, message: ko.errors.unavailable },
  DATABASE_UNAVAILABLE: { status: 503, message: ko.errors.databaseUnavailable },
  // Accounts and sessions
  INVALID_CREDENTIALS: { status: 401, message: ko.auth.server.invalidCredentials },
  EMAIL_NOT_CONFIRMED: { status: 403, message: ko.auth.server.emailNotConfirmed },
  ACCOUNT_SUSPENDED: { status: 403, message: ko.auth.server.accountSuspended },
  ACCOUNT_INACTIVE: { status: 403, message: ko.auth.server.accountInactive },
  LOGIN_LOCKED: { status: 429, message: ko.auth.server.loginLocked },
  MAIL_THROTTLED: { status: 429, message: ko.auth.server.mailThrottled },
  TOKEN_INVALID: { status: 400, message: ko.auth.server.tokenInvalid },
  REFRESH_INVALID: { status: 401, message: ko.auth.server.refreshInvalid },
  REFRESH_REUSED: { status: 401, message: ko.auth.server.refreshReused },
  SESSION_REVOKED: { status: 401, message: ko.auth.server.sessionRevoked },
  PASSWORD_COMMON: { status: 400, message: ko.auth.validation.passwordCommon },
  PASSWORD_SAME: { status: 400, message: ko.auth.validation.passwordSameAsOld },
  CURRENT_PASSWORD_WRONG: { status: 400, message: ko.auth.server.currentPasswordWrong },
  ALREADY_REGISTERED: { status: 409, message: ko.auth.server.alreadyRegistered },
  SESSION_NOT_FOUND: { status: 404, message: ko.auth.server.sessionNotFound },
  USER_NOT_FOUND: { status: 404, message: ko.auth.server.userNotFound },
  GOOGLE_UNAVAILABLE: { status: 503, message: ko.auth.server.googleUnavailable },
  OAUTH_UNAVAILABLE: { status: 503, message: ko.auth.server.oauthUnavailable },
  OAUTH_STATE_INVALID: { status: 400, message: ko.auth.server.oauthStateInvalid },
  OAUTH_PROVIDER_FAILED: { status: 502, message: ko.auth.server.oauthProviderFailed },
  OAUTH_SIGNUP_EXPIRED: { status: 400, message: ko.auth.server.oauthSignupExpired },
  OAUTH_EMAIL_NEEDED: { status: 400, message: ko.auth.server.oauthEmailNeeded },
  GOOGLE_TOKEN_INVALID: { status: 401, message: ko.auth.server.googleTokenInvalid },
  GOOGLE_EMAIL_UNVERIFIED: { status: 409, message: ko.auth.server.googleEmailUnverified },
  IDENTITY_EMAIL_UNVERIFIED: { status: 409, message: ko.accounts.server.emailUnverified },
  IDENTITY_NOT_CONFIRMED: { status: 403, message: ko.accounts.server.identityNotConfirmed },
  IDENTITY_NOT_FOUND: { status: 404, message: ko.accounts.server.identityNotFound },
  LAST_SIGN_IN_METHOD: { status: 409, message: ko.accounts.server.lastSignInMethod },
  SESSION_EXPIRED: { status: 401, message: ko.accounts.server.sessionExpired },
  REAUTH_FAILED: { status: 400, message: ko.accounts.server.reauthFailed },
  SECOND_FACTOR_CODE_INVALID: { status: 400, message: ko.accounts.server.secondFactorCodeInvalid },
  SECOND_FACTOR_EXPIRED: { status: 401, message: ko.accounts.server.secondFactorExpired },
  SECOND_FACTOR_EXISTS: { status: 409, message: ko.accounts.server.secondFactorExists },
  SECOND_FACTOR_REQUIRED: { status: 403, message: ko.accounts.server.secondFactorRequired },
  SECOND_FACTOR_LOCKED: { status: 429, message: ko.security.secondStepLocked(15) },
  LOGIN_UNLOCK_INVALID: { status: 400, message: ko.security.loginUnlockInvalid },
  PASSKEY_INVALID: { status: 400, message: ko.accounts.server.passkeyInvalid },
  PASSWORD_PERSONAL: { status: 400, message: ko.accounts.server.passwordPersonal },
  // Console: seeds and platform administration
  // Meeting rooms: a booking rule refuses (its message names the rule and the limit; an admin may override, issue 37)
  ROOM_RULE: { status: 409, message: ko.errors.conflict },
  SEED_NOT_FOUND: { status: 404, message: ko.console.seeds.notFound },
  SEED_FORBIDDEN: { status: 403, message: ko.console.seeds.ownerOrAdminOnly },
  SEED_OWNER_ONLY: { status: 403, message: ko.console.seeds.ownerOnly },
  SEED_MEMBER_NOT_FOUND: { status: 404, message: ko.console.seeds.memberNotFound },
  SEED_OWNER_ROLE_FIXED: { status: 409, message: ko.console.seeds.ownerRoleFixed },
  SEED_OWNER_CANNOT_LEAVE: { status: 409, message: ko.console.seeds.ownerCannotLeave },
  SEED_ALREADY_MEMBER: { status: 409, message: ko.console.seeds.alreadyMember },
  SEED_INVITATION_NOT_FOUND: { status: 404, message: ko.console.seeds.invitationNotFound },
  SEED_INVITATION_INVALID: { status: 404, message: ko.console.seeds.invitationInvalid },
  SEED_INVITATION_EMAIL_MISMATCH: { status: 403, message: ko.console.seeds.invitationEmailMismatch },
  ADMIN_LAST_ADMIN: { status: 409, message: ko.console.admin.lastAdmin },
  ADMIN_SELF_ACTION: { status: 400, message: ko.console.admin.selfAction },
  ADMIN_NOT_IN_TRASH: { status: 404, message: ko.console.admin.notInTrash },
  ACCOUNT_INVITATION_INVALID: { status: 400, message: ko.console.admin.invitationInvalid },
  // API builder
  ADMIN_APP_FORBIDDEN: { status: 403, message: ko.adminBuilder.server.managersOnly },
  ADMIN_APP_NOT_FOUND: { status: 404, message: ko.adminBuilder.server.appNotFound },
  ADMIN_TABLE_NOT_FOUND: { status: 404, message: ko.adminBuilder.server.tableNotFound },
  ADMIN_ROW_NOT_FOUND: { status: 404, message: ko.adminBuilder.server.rowNotFound },
  ADMIN_NO_RIGHT: { status: 403, message: ko.adminBuilder.server.noEdit },
  ADMIN_BAD_INPUT: { status: 400, message: ko.errors.validation },
  ADMIN_DB_REFUSED: { status: 409, message: ko.errors.conflict },
  API_BUILDER_FORBIDDEN: { status: 403, message: ko.apiBuilder.server.managersOnly },
  API_CONNECTION_NOT_FOUND: { status: 404, message: ko.apiBuilder.server.connectionNotFound },
  API_NOT_FOUND: { status: 404, message: ko.apiBuilder.server.apiNotFound },
  API_KEY_NOT_FOUND: { status: 404, message: ko.apiBuilder.server.keyNotFound },
  API_CONNECTION_FAILED: { status: 422, message: ko.apiBuilder.server.auth },
  API_HOST_REFUSED: { status: 422, message: ko.apiBuilder.server.privateHost },
  API_TABLE_INVALID: { status: 400, message: ko.apiBuilder.server.keyScope },
  API_TRIGGERS_FAILED: { status: 422, message: ko.apiBuilder.server.triggersPostgresOnly },
  API_CONNECTION_IN_USE: { status: 409, message: ko.apiBuilder.server.connectionInUseGeneric },
  // Monitoring
  JOB_NOT_FOUND: { status: 404, message: ko.monitoring.server.jobNotFound },
  JOB_NOT_FAILED: { status: 409, message: ko.monitoring.server.jobNotFailed },
  // Billing: plans and invoices
  BILLING_NOT_CONFIGURED: { status: 409, message: ko.billing.server.notConfigured },
  BILLING_NO_PAYMENT_METHOD: { status: 409, message: ko.billing.server.noPaymentMethod },
  BILLING_PAYMENT_DECLINED: { status: 402, message: ko.billing.server.paymentDeclined },
  BILLING_UNPAID_INVOICES: { status: 409, message: ko.billing.server.unpaidInvoices },
  // Billing: payments (Toss Payments)
  BILLING_PROVIDER_FAILED: { status: 502, message: ko.billing.payments.server.providerFailed },
  // Privacy (issue 32)
  PRIVACY_EXPORT_NOT_FOUND: { status: 404, message: ko.privacy.server.exportNotFound },
  PRIVACY_EXPORT_EXPIRED: { status: 410, message: ko.privacy.server.exportExpired },
  PRIVACY_EXPORT_BUSY: { status: 409, message: ko.privacy.server.exportBusy },
  PRIVACY_SEEDS_OWNED: { status: 409, message: ko.privacy.server.seedsOwned },
  PRIVACY_DELETION_NOT_PENDING: { status: 409, message: ko.privacy.server.deletionNotPending },
  PRIVACY_UNDER_14: { status: 400, message: ko.privacy.server.under14 },
  PRIVACY_REQUEST_NOT_FOUND: { status: 404, message: ko.privacy.server.requestNotFound },
  // Privacy: consents (helper D)
  PRIVACY_NIGHT_NEEDS_MARKETING: { status: 400, message: ko.privacy.consents.nightNeedsMarketing },
  // Privacy: seed owners' requests (helper F)
  PRIVACY_OWNER_ONLY: { status: 403, message: ko.privacy.server.ownerOnly },
  PRIVACY_SUBJECT_NOT_FOUND: { status: 404, message: ko.privacy.server.subjectNotFound },
  PRIVACY_REQUEST_FAILED: { status: 500, message: ko.privacy.seedRequests.server.failed },
  // Privacy: export (helper B)
  PRIVACY_EXPORT_LIMIT: { status: 429, message: ko.privacy.export.limit },
  PRIVACY_EXPORT_LINK_INVALID: { status: 404, message: ko.privacy.export.linkInvalid },
  PRIVACY_EXPORT_NOT_READY: { status: 409, message: ko.privacy.export.notReady },
  // Privacy: a pending deletion blocks owning a seed (helper D2)
  PRIVACY_DELETION_PENDING: { status: 409, message: ko.privacy.deletion.seedCreatePending },
  // Privacy: seed owners' request limits (helper B2)
  PRIVACY_REQUEST_LIMIT: { status: 429, message: ko.privacy.seedRequests.server.limit },
  PRIVACY_REQUEST_BUSY: { status: 409, message: ko.privacy.seedRequests.server.busy },
  // Custom domains (issue 33, helper H6)
  DOMAIN_NOT_FOUND: { status: 404, message: ko.domains.server.notFound },
  DOMAIN_FORBIDDEN: { status: 403, message: ko.domains.server.managersOnly },
  DOMAIN_HOST_INVALID: { status: 400, message: ko.domains.server.host.invalid },
  DOMAIN_HOST_TAKEN: { status: 409, message: ko.domains.server.hostTaken },
  DOMAIN_EXISTS: { status: 409, message: ko.domains.server.exists },
  DOMAIN_LIMIT: { status: 409, message: ko.domains.server.limit(20) },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof errorCatalogue;

export function errorStatus(code: TErrorCode): number {
  return errorCatalogue[code].status;
}

export function errorMessage(code: TErrorCode): string {
  return errorCatalogue[code].message;
}
