/** Accounts, round two (issue 19): linked identities, session control, second factors, Kakao and Naver. */
import { z } from 'zod';
import { koAccounts } from '../messages/ko-accounts.ts';

export const ZIdentity = z.object({
  id: z.string(),
  provider: z.string(),
  email: z.string(),
  confirmed: z.boolean(),
  linked_at: z.string(),
});
export type TIdentity = z.infer<typeof ZIdentity>;
export const ZIdentitiesResponse = z.object({ success: z.literal(true), data: z.array(ZIdentity) });
export type TIdentitiesResponse = z.infer<typeof ZIdentitiesResponse>;
export const ZIdentityParams = z.object({ id: z.uuid(koAccounts.server.identityNotFound) });

/** Ending the other sessions asks for the password again (or a second-factor code). */
export const ZReauthInput = z.object({ password: z.string().max(128).default('') });
export type TReauthInput = z.infer<typeof ZReauthInput>;
export const ZCountResponse = z.object({ success: z.literal(true), message: z.string(), count: z.number() });
export type TCountResponse = z.infer<typeof ZCountResponse>;

const ZWebAuthnJson = z.record(z.string(), z.unknown());

/** The second step of a sign-in: a TOTP code, a recovery code, or a passkey assertion (with its flowToken). */
export const ZSecondFactorInput = z.object({
  mfaToken: z.string().min(16).max(256),
  code: z.string().trim().max(32).optional(),
  flowToken: z.string().min(16).max(256).optional(),
  passkey: ZWebAuthnJson.optional(),
});
export const ZMfaTokenInput = z.object({ mfaToken: z.string().min(16).max(256) });
export const ZTotpCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, koAccounts.server.secondFactorCodeInvalid),
});
export const ZPasskeyRegisterInput = z.object({ flowToken: z.string().min(16).max(256), response: ZWebAuthnJson, name: z.string().trim().max(40).default('') });
export const ZPasskeyLoginInput = z.object({ flowToken: z.string().min(16).max(256), response: ZWebAuthnJson });
export const ZPasskeyParams = z.object({ id: z.string().min(1).max(1024) });

export const ZWebAuthnOptionsResponse = z.object({ success: z.literal(true), flowToken: z.string(), options: ZWebAuthnJson });
export type TWebAuthnOptionsResponse = z.infer<typeof ZWebAuthnOptionsResponse>;
export const ZTotpSetupResponse = z.object({ success: z.literal(true), secret: z.string(), otpauth_url: z.string() });
export type TTotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;
export const ZRecoveryCodesResponse = z.object({ success: z.literal(true), message: z.string(), recovery_codes: z.array(z.string()) });
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;
export const ZSecondFactorStatus = z.object({
  success: z.literal(true),
  totp: z.boolean(),
  recovery_codes_left: z.number(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })),
  /** This session passed a second factor. */
  session_verified: z.boolean(),
  /** The platform or a seed requires this account to use one. */
  required: z.boolean(),
});
export type TSecondFactorStatus = z.infer<typeof ZSecondFactorStatus>;

export const ZSecondFactorPolicy = z.object({ required: z.boolean() });
export type TSecondFactorPolicy = z.infer<typeof ZSecondFactorPolicy>;
export const ZSecondFactorPolicyResponse = z.object({ success: z.literal(true), required: z.boolean() });
export const ZSeedPolicyParams = z.object({ seedId: z.uuid() });
