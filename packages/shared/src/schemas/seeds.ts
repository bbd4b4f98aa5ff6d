/** Seeds (company workspaces), their members and invitations: requests and responses of /api/seeds*. */
import { z } from 'zod';
import { koConsole } from '../messages/ko-console.ts';
import { ZEmail } from './auth.ts';

const m = koConsole.seeds;

export const ZSeedRole = z.enum(['owner', 'admin', 'member']);
export type TSeedRole = z.infer<typeof ZSeedRole>;
/** Roles that can be given by invitation or role change (ownership moves only by transfer). */
export const ZAssignableSeedRole = z.enum(['admin', 'member'], { error: m.roleInvalid });

export const ZSeedName = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameMax);
export const ZSeedAddress = z
  .string()
  .trim()
  .max(200, m.addressMax)
  .nullish()
  .transform((v) => (v ? v : null));

/** The seed as the signed-in user sees it: with their own role and the member count. */
export const ZSeed = z.object({
  id: z.string(),
  seed_name: z.string(),
  seed_address: z.string().nullable(),
  created_at: z.string(),
  role: ZSeedRole,
  member_count: z.number().int(),
});
export type TSeed = z.infer<typeof ZSeed>;

export const ZSeedListResponse = z.object({ data: z.array(ZSeed) });
export type TSeedListResponse = z.infer<typeof ZSeedListResponse>;

export const ZSeedResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZSeed });
export type TSeedResponse = z.infer<typeof ZSeedResponse>;

/** POST /api/seeds (also the create dialog's form). */
export const ZCreateSeedInput = z.object({ seed_name: ZSeedName, seed_address: ZSeedAddress.optional() });
export type TCreateSeedInput = z.input<typeof ZCreateSeedInput>;

/** PATCH /api/seeds/:seedId. */
export const ZUpdateSeedInput = z
  .object({ seed_name: ZSeedName.optional(), seed_address: ZSeedAddress.optional() })
  .refine((d) => d.seed_name !== undefined || d.seed_address !== undefined, { message: m.nothingToUpdate });
export type TUpdateSeedInput = z.input<typeof ZUpdateSeedInput>;

export const ZSeedParams = z.object({ seedId: z.uuid(m.notFound) });
export const ZSeedMemberParams = z.object({ seedId: z.uuid(m.notFound), userId: z.uuid(m.memberNotFound) });
export const ZSeedInvitationParams = z.object({ seedId: z.uuid(m.notFound), invitationId: z.uuid(m.invitationNotFound) });

export const ZSeedMember = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: ZSeedRole,
  joined_at: z.string(),
});
export type TSeedMember = z.infer<typeof ZSeedMember>;

export const ZSeedInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZAssignableSeedRole,
  created_at: z.string(),
  expires_at: z.string(),
});
export type TSeedInvitation = z.infer<typeof ZSeedInvitation>;

/** GET /api/seeds/:seedId/members: invitations are listed for the owner and seed admins only (else []). */
export const ZSeedMembersResponse = z.object({ data: z.array(ZSeedMember), invitations: z.array(ZSeedInvitation) });
export type TSeedMembersResponse = z.infer<typeof ZSeedMembersResponse>;

/** POST /api/seeds/:seedId/invitations. */
export const ZInviteSeedMemberInput = z.object({ email: ZEmail, role: ZAssignableSeedRole.default('member') });
export type TInviteSeedMemberInput = z.input<typeof ZInviteSeedMemberInput>;

const ZInviteToken = z.string({ error: m.tokenRequired }).min(16, m.tokenRequired).max(256, m.tokenRequired);

export const ZSeedInvitationPreviewQuery = z.object({ token: ZInviteToken });
/** GET /api/seed-invitations/preview?token= (no sign-in needed). */
export const ZSeedInvitationPreview = z.object({
  seed_name: z.string(),
  email: z.string(),
  inviter_name: z.string(),
  role: ZAssignableSeedRole,
  expires_at: z.string(),
});
export type TSeedInvitationPreview = z.infer<typeof ZSeedInvitationPreview>;

/** POST /api/seed-invitations/accept (signed in as the invited address). */
export const ZAcceptSeedInvitationInput = z.object({ token: ZInviteToken });

/** PATCH /api/seeds/:seedId/members/:userId. */
export const ZUpdateSeedMemberInput = z.object({ role: ZAssignableSeedRole });

/** POST /api/seeds/:seedId/transfer. */
export const ZTransferSeedInput = z.object({ user_id: z.uuid(m.memberNotFound) });
