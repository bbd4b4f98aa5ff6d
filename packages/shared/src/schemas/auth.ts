import { z } from 'zod';
import { koAuth } from '../messages/ko-auth.ts';
import { koPrivacy } from '../messages/ko-privacy.ts';

const v = koAuth.validation;

export const PASSWORD_SPECIALS = '@$!%*?&';
export const TERMS_VERSION = '2025-09-01';

export const ZFullName = z
  .string()
  .trim()
  .min(2, v.nameMin)
  .max(40, v.nameMax)
  .regex(/^[가-힣ㄱ-ㅎㅏ-ㅣa-zA-Z\s]+$/, v.nameChars);

export const ZEmail = z
  .string()
  .trim()
  .min(1, v.emailRequired)
  .max(100, v.emailMax)
  .pipe(z.email(v.emailFormat))
  .transform((e) => e.toLowerCase());

export const ZPhone = z
  .string()
  .trim()
  .regex(/^(01[0-9]-?\d{3,4}-?\d{4})?$/, v.phoneFormat)
  .default('');

/** The spec's sign-up password rule. */
export const ZNewPassword = z
  .string()
  .min(6, v.passwordMin)
  .max(128, v.passwordMax)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d@$!%*?&]+$/, v.passwordRule);

/**
 * The age bracket every sign-up states (개인정보 보호법 제22조의2): `under_14` is refused with PRIVACY_UNDER_14 (no
 * guardian-consent procedure is offered), `14_or_over` is recorded as the consent kind 'age14'.
 */
export const ZAgeBracket = z.enum(['14_or_over', 'under_14'], { error: koPrivacy.consents.ageRequired });
export type TAgeBracket = z.infer<typeof ZAgeBracket>;

/** Sign-up form (browser): the spec's fields. */
export const ZSignupForm = z
  .object({
    fullName: ZFullName,
    email: ZEmail,
    phone: ZPhone.optional(),
    password: ZNewPassword,
    confirmPassword: z.string().min(1, v.confirmRequired),
    terms: z.boolean().refine((t) => t === true, v.termsRequired),
    marketing: z.boolean().default(false),
    ageBracket: ZAgeBracket,
  })
  .refine((d) => d.password === d.confirmPassword, {
    message: v.confirmMismatch,
    path: ['confirmPassword'],
    // Checked while other fields are still empty too (the age bracket is unanswered until the end of the form).
    when: (p) => {
      const d = p.value as { password?: unknown; confirmPassword?: unknown };
      return typeof d.password === 'string' && typeof d.confirmPassword === 'string' && d.confirmPassword !== '';
    },
  });
export type TSignupForm = z.input<typeof ZSignupForm>;

/** The consent step after Google, Kakao or Naver (browser): the sign-up form's consents, and the email where the provider gave no verified one. */
export const ZSignupCompleteForm = z.object({
  terms: ZSignupForm.shape.terms,
  marketing: ZSignupForm.shape.marketing,
  ageBracket: ZAgeBracket,
  email: ZEmail.optional(),
});
export type TSignupCompleteForm = z.input<typeof ZSignupCompleteForm>;

/** POST /api/auth-signup body. */
export const ZSignupInput = z.object({
  email: ZEmail,
  password: ZNewPassword,
  full_name: ZFullName,
  phone: ZPhone.optional(),
  marketing_consent: z.boolean().default(false),
  terms: z.literal(true, { error: v.termsRequired }),
  age_bracket: ZAgeBracket,
  /** Signing up from a seed invitation link: the invitation is accepted once the address is confirmed (issue 27). */
  invitation_token: z.string().min(16).max(256).optional(),
});
export type TSignupInput = z.infer<typeof ZSignupInput>;

export const ZLoginForm = z.object({
  email: ZEmail,
  password: z.string().min(1, v.passwordRequired).max(128, v.passwordMax),
  remember: z.boolean().default(false),
});
export type TLoginForm = z.input<typeof ZLoginForm>;

export const ZLoginInput = ZLoginForm.pick({ email: true, password: true });
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZRefreshInput = z.object({ refresh_token: z.string().min(1, koAuth.server.refreshMissing) });

export const ZGoogleLoginInput = z.object({ googleToken: z.string().min(10, koAuth.server.googleTokenInvalid) });
export const ZGoogleSignupInput = z.object({
  googleToken: z.string().min(10, koAuth.server.googleTokenInvalid),
  terms: z.literal(true, { error: v.termsRequired }),
  age_bracket: ZAgeBracket,
  marketing_consent: z.boolean().default(false),
  phone: ZPhone.optional(),
});

export const ZUpdateMeInput = z
  .object({
    full_name: ZFullName.optional(),
    phone: ZPhone.optional(),
    marketing_consent: z.boolean().optional(),
  })
  .refine((d) => Object.keys(d).length > 0, { message: '변경할 항목이 없습니다.' });

export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, v.passwordRequired),
    newPassword: ZNewPassword,
    confirmPassword: z.string().min(1, v.confirmRequired),
  })
  .refine((d) => d.newPassword === d.confirmPassword, { message: v.confirmMismatch, path: ['confirmPassword'] });
export const ZChangePasswordInput = z.object({
  currentPassword: z.string().min(1, v.passwordRequired),
  newPassword: ZNewPassword,
});

export const ZEmailOnlyInput = z.object({ email: ZEmail });
/** Kakao and Naver Login (OAuth 2.0 authorization code with state and PKCE). */
export const ZOAuthProvider = z.enum(['kakao', 'naver']);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;
export const ZOAuthProviderParams = z.object({ provider: ZOAuthProvider });
const ZOAuthState = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, koAuth.server.oauthStateInvalid);
export const ZOAuthStartInput = z.object({ state: ZOAuthState });
export const ZOAuthStartResponse = z.object({ success: z.literal(true), authorizeUrl: z.string() });
export type TOAuthStartResponse = z.infer<typeof ZOAuthStartResponse>;
export const ZOAuthCallbackInput = z.object({ state: ZOAuthState, code: z.string().min(1).max(2048) });
export const ZOAuthSignupInput = z.object({
  signupToken: z.string().min(16).max(256),
  terms: z.literal(true, { error: v.termsRequired }),
  age_bracket: ZAgeBracket,
  marketing_consent: z.boolean().default(false),
  /** Only when the provider gave no verified email (emailRequired). */
  email: ZEmail.optional(),
});

export const ZTokenInput = z.object({ token: z.string().min(16).max(256) });
/** POST /api/auth/confirm-email: `seed_id` when the sign-up came from a seed invitation that is now accepted. */
export const ZConfirmEmailResponse = z.object({ success: z.literal(true), message: z.string(), seed_id: z.string().optional() });
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: z.string().min(1, v.confirmRequired) })
  .refine((d) => d.password === d.confirmPassword, { message: v.confirmMismatch, path: ['confirmPassword'] });
export const ZResetPasswordInput = z.object({ token: z.string().min(16).max(256), password: ZNewPassword });

export const ZRole = z.enum(['admin', 'user', 'guest']);
export const ZUserStatus = z.enum(['active', 'inactive', 'suspended']);

/** The user as the API returns it (the spec's entity). */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string(),
  provider: z.enum(['email', 'google', 'kakao', 'naver']),
  email_verified: z.boolean(),
  marketing_consent: z.boolean(),
  role: ZRole,
  status: ZUserStatus,
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZTokens = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TTokens = z.infer<typeof ZTokens>;

/** Login / sign-up answer (the spec's auth response). */
export const ZAuthResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: ZUser.optional(),
  tokens: ZTokens.optional(),
  needsEmailConfirmation: z.boolean().optional(),
  instructions: z.string().optional(),
  isNewUser: z.boolean().optional(),
  /** An identity-provider account whose email has an account here: the owner must confirm the link first. */
  linkRequired: z.boolean().optional(),
  /** The account has a second factor: finish with POST /api/auth/second-factor and this token. */
  mfaRequired: z.boolean().optional(),
  mfaToken: z.string().optional(),
  methods: z.array(z.string()).optional(),
  /** Kakao/Naver: a new account waits for consents (POST /api/auth/oauth/signup with this single-use token). */
  signupToken: z.string().optional(),
  /** Kakao/Naver: the provider gave no verified email, so the consent step also asks for one (confirmed by mail). */
  emailRequired: z.boolean().optional(),
  /** Kakao/Naver: what the provider told about the new user, shown on the consent step. */
  profile: z.object({ provider: z.enum(['kakao', 'naver']), email: z.string(), full_name: z.string() }).optional(),
  /** Kakao/Naver sign-up without a verified email: a confirmation link was mailed; the account exists after it is opened. */
  confirmationSent: z.boolean().optional(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZRefreshResponse = z.object({ success: z.literal(true), tokens: ZTokens });

export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
/** What every write of a group of actions has in common (a generic action hook): success, and mostly a message. */
export const ZActionResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TActionResponse = z.infer<typeof ZActionResponse>;

export const ZSessionInfo = z.object({
  id: z.string(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
  /** Readable device from the user agent, e.g. 'Chrome · Windows'. */
  device: z.string().optional(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** GET /api/me/sessions. */
export const ZSessionsResponse = z.object({ success: z.literal(true), data: z.array(ZSessionInfo) });
export type TSessionsResponse = z.infer<typeof ZSessionsResponse>;

/** GET/PATCH /api/me: the current user; PATCH also returns an access token carrying the new claims (same session). */
export const ZMeResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: ZUser,
  access_token: z.string().optional(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** POST /api/logout?scope=: global (default, every session of the account), local (this one), others. */
export const ZLogoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });

/** GET /api/auth/config: public settings the browser needs. */
/** The operator's legal details (COMPANY_* configuration); null = not configured (development/test only). */
export const ZPublicCompany = z.object({
  name: z.string().nullable(),
  representative: z.string().nullable(),
  businessNumber: z.string().nullable(),
  mailOrderNumber: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TPublicCompany = z.infer<typeof ZPublicCompany>;

/** GET /api/auth/config: everything the browser may know about the server's configuration (whitelisted). */
export const ZAuthConfig = z.object({
  googleClientId: z.string().nullable(),
  requireEmailConfirmation: z.boolean(),
  company: ZPublicCompany,
  /** False while the server has no Slack app credentials: the public pages say the connection is being prepared. */
  slackAvailable: z.boolean(),
  /** Kakao and Naver Login: false while the server has no client credentials (the button says it is unavailable). */
  oauthProviders: z.object({ kakao: z.boolean(), naver: z.boolean() }),
});
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

/** Access-token claims (spec section 3, plus role). */
export type TAccessClaims = {
  sub: string;
  email: string;
  full_name: string;
  phone: string;
  provider: 'email' | 'google' | 'kakao' | 'naver';
  email_verified: boolean;
  marketing_consent: boolean;
  created_at: string;
  role: 'admin' | 'user' | 'guest';
  sid: string;
  iat: number;
  exp: number;
};

/** Password strength (spec section 5): one point each, capped at 5, valid at 4 or more. */
export function passwordStrength(pw: string): { score: number; level: 0 | 1 | 2 | 3; valid: boolean; hints: string[] } {
  const h = koAuth.strength;
  const hints: string[] = [];
  let score = 0;
  if (pw.length >= 6) score++;
  else hints.push(h.hintLength);
  if (/[a-z]/.test(pw)) score++;
  else hints.push(h.hintLower);
  if (/[A-Z]/.test(pw)) score++;
  else hints.push(h.hintUpper);
  if (/\d/.test(pw)) score++;
  else hints.push(h.hintDigit);
  if (/[@$!%*?&]/.test(pw)) score++;
  if (pw.length >= 10) score++;
  score = Math.min(score, 5);
  const level = (score <= 2 ? 0 : score === 3 ? 1 : score === 4 ? 2 : 3) as 0 | 1 | 2 | 3;
  return { score, level, valid: score >= 4, hints };
}

/** Phone formatter: hyphens after 3 and 7 digits, at most 11 digits. */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 7) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
}
