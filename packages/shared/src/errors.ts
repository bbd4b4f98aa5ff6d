import { ko } from './messages/ko.ts';

/** Stable error codes, their HTTP status and default Korean message. */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: ko.errors.badRequest },
  INVALID_JSON: { status: 400, message: ko.errors.invalidJson },
  VALIDATION_FAILED: { status: 400, message: ko.errors.validation },
  UNAUTHORIZED: { status: 401, message: ko.errors.unauthorized },
  FORBIDDEN: { status: 403, message: ko.errors.forbidden },
  NOT_FOUND: { status: 404, message: ko.errors.notFound },
  ROUTE_NOT_FOUND: { status: 404, message: ko.errors.routeNotFound },
  METHOD_NOT_ALLOWED: { status: 405, message: ko.errors.methodNotAllowed },
  CONFLICT: { status: 409, message: ko.errors.conflict },
  PAYLOAD_TOO_LARGE: { status: 413, message: ko.errors.payloadTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: ko.errors.unsupportedMediaType },
  RATE_LIMITED: { status: 429, message: ko.errors.rateLimited },
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
  GOOGLE_TOKEN_INVALID: { status: 401, message: ko.auth.server.googleTokenInvalid },
  GOOGLE_EMAIL_UNVERIFIED: { status: 409, message: ko.auth.server.googleEmailUnverified },
  // Console: seeds and platform administration
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
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof errorCatalogue;

export function errorStatus(code: TErrorCode): number {
  return errorCatalogue[code].status;
}

export function errorMessage(code: TErrorCode): string {
  return errorCatalogue[code].message;
}
