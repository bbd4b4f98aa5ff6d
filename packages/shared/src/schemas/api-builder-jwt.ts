// API builder end-user access (issue 36, decision 090): the API's JWT settings, as the console sends and reads them.
import { z } from 'zod';
import { koApiBuilderJwt } from '../messages/ko-api-builder-jwt.ts';

const v = koApiBuilderJwt.validation;

/** A PostgreSQL role name as a token may name it (quoted nowhere: it is bound as a parameter of `set_config('role', …)`). */
export const ZDbRoleName = z
  .string({ error: v.role })
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, v.role);
const ZIdent = z.string().trim().min(1).max(128);
const ZClaimName = z
  .string({ error: v.claim })
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, v.claim);
const optionalText = z
  .string()
  .trim()
  .max(200, v.text)
  .optional()
  .nullable()
  .transform((x) => (x ? x : null));

/** MariaDB/MySQL: `column = claims.<claim>` on every read, update and delete of `table`, and forced on insert. */
export const ZRowFilter = z.object({ table: ZIdent, column: ZIdent, claim: ZClaimName });
export type TRowFilter = z.infer<typeof ZRowFilter>;

/** PUT /api/seeds/:seedId/api-builder/apis/:apiId/end-user-auth (owner/admin). `secret` omitted: the stored one is kept. */
export const ZEndUserAuthInput = z
  .object({
    enabled: z.boolean(),
    mode: z.enum(['jwks', 'secret']),
    jwksUrl: z
      .string()
      .trim()
      .max(500, v.jwksUrl)
      .regex(/^https?:\/\/\S+$/, v.jwksUrl)
      .optional()
      .nullable(),
    secret: z.string().min(32, v.secret).max(512, v.secret).optional(),
    audience: optionalText,
    issuer: optionalText,
    roleClaim: z
      .string()
      .trim()
      .regex(/^(\.[A-Za-z_][A-Za-z0-9_-]{0,63}){1,5}$/, v.roleClaim)
      .default('.role'),
    allowedRoles: z.array(ZDbRoleName).max(20, v.roles).default([]),
    anonRole: ZDbRoleName.optional()
      .nullable()
      .or(z.literal('').transform(() => null)),
    rowFilters: z
      .array(ZRowFilter)
      .max(100, v.rowFilters)
      .default([])
      .refine((xs) => new Set(xs.map((x) => x.table)).size === xs.length, v.rowFilters),
  })
  .superRefine((x, ctx) => {
    if (!x.enabled) return;
    if (x.mode === 'jwks' && !x.jwksUrl) ctx.addIssue({ code: 'custom', path: ['jwksUrl'], message: v.jwksNeeded });
    // A shared provider's JWKS signs every project's tokens: aud or iss pins this one (decision 090).
    if (x.mode === 'jwks' && !x.audience && !x.issuer) ctx.addIssue({ code: 'custom', path: ['audience'], message: v.audienceOrIssuer });
  });
export type TEndUserAuthInput = z.input<typeof ZEndUserAuthInput>;

/** What the console reads back: never the secret, only whether one is stored. */
export const ZEndUserAuth = z.object({
  enabled: z.boolean(),
  mode: z.enum(['jwks', 'secret']),
  jwksUrl: z.string().nullable(),
  hasSecret: z.boolean(),
  audience: z.string().nullable(),
  issuer: z.string().nullable(),
  roleClaim: z.string(),
  allowedRoles: z.array(z.string()),
  anonRole: z.string().nullable(),
  rowFilters: z.array(ZRowFilter),
});
export type TEndUserAuth = z.infer<typeof ZEndUserAuth>;
export const ZEndUserAuthResponse = z.object({ data: ZEndUserAuth });
export const ZEndUserAuthSaved = z.object({ success: z.literal(true), message: z.string(), data: ZEndUserAuth });
