/**
 * Seed invitations: the owner or a seed admin invites an address; the mailed link (`/invite/seed?token=`) is good
 * once for 7 days and is stored as SHA-256. Inviting the same address again replaces the token (the old link dies).
 * Accepting needs the invited address's account to be signed in.
 */
import type { TSeed, TSeedInvitationPreview } from '@suite/shared/schemas/seeds';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { reserveMails } from '../../lib/mail-quota.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import { deliver, findUserByEmail, reserveMail, type TAuthDeps, type TSeedLinks } from '../auth/auth.service.ts';
import { seedInviteMail } from './seeds.mails.ts';
import * as repo from './seeds.repository.ts';
import { assertManager, roleInSeed, seedFor, seedIdsManagedBy, toApiSeed, type TActor } from './seeds.service.ts';

export const SEED_INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export async function inviteToSeed(
  deps: TAuthDeps,
  actor: TActor & { fullName: string },
  seedId: string,
  input: { email: string; role: 'admin' | 'member' },
): Promise<void> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  assertManager(seed);
  const email = input.email.toLowerCase();
  const existing = await findUserByEmail(deps.db, email);
  if (existing && (await repo.findMember(deps.db, seedId, existing.id))) throw new AppError('SEED_ALREADY_MEMBER');
  await reserveMail(deps.limiter, email, true);
  await reserveMails(deps.limiter, deps.config.mailQuota, { userId: actor.id, seedId, count: 1 });
  const token = newTokenId();
  // Invitation row and audit row commit together; the mail goes out only after the commit.
  await deps.db.transaction(async (tx) => {
    await repo.upsertInvitation(
      tx,
      {
        seedId,
        email,
        role: input.role,
        tokenHash: sha256(token),
        invitedBy: actor.id,
        expiresAt: new Date(deps.now().getTime() + SEED_INVITATION_TTL_MS),
      },
      deps.now(),
    );
    await writeAudit(tx, {
      action: 'seed.member_invited',
      actorId: actor.id,
      targetType: 'seed',
      targetId: seedId,
      ip: actor.ip,
      metadata: { label: seed.seedName, email, role: input.role },
    });
  });
  await deliver(deps, seedInviteMail(deps.config.appUrl, email, actor.fullName, seed.seedName, token));
}

export async function cancelInvitation(deps: TAuthDeps, actor: TActor, seedId: string, invitationId: string): Promise<void> {
  assertManager(await seedFor(deps.db, seedId, actor.id));
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteInvitation(tx, seedId, invitationId))) throw new AppError('SEED_INVITATION_NOT_FOUND');
    await writeAudit(tx, {
      action: 'seed.invitation_cancelled',
      actorId: actor.id,
      targetType: 'seed',
      targetId: seedId,
      ip: actor.ip,
      metadata: { invitationId },
    });
  });
}

export async function previewInvitation(deps: TAuthDeps, token: string): Promise<TSeedInvitationPreview> {
  const found = await repo.findInvitationByHash(deps.db, sha256(token));
  if (!found) throw new AppError('SEED_INVITATION_INVALID');
  return {
    seed_name: found.seedName,
    email: found.invitation.email,
    inviter_name: found.inviterName ?? '',
    role: found.invitation.role === 'admin' ? 'admin' : 'member',
    expires_at: found.invitation.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(deps: TAuthDeps, actor: TActor & { email: string }, token: string): Promise<TSeed> {
  const seedId = await deps.db.transaction(async (tx) => {
    const found = await repo.findInvitationByHash(tx, sha256(token));
    if (!found) throw new AppError('SEED_INVITATION_INVALID');
    if (found.invitation.email.toLowerCase() !== actor.email.toLowerCase()) throw new AppError('SEED_INVITATION_EMAIL_MISMATCH');
    const used = await repo.consumeInvitation(tx, found.invitation.id);
    if (!used) throw new AppError('SEED_INVITATION_INVALID');
    await repo.addMember(tx, used.seedId, actor.id, used.role === 'admin' ? 'admin' : 'member');
    await writeAudit(tx, { action: 'seed.invitation_accepted', actorId: actor.id, targetType: 'seed', targetId: used.seedId, ip: actor.ip });
    return used.seedId;
  });
  return toApiSeed(await seedFor(deps.db, seedId, actor.id));
}

/** What the account system uses of seeds (`TAuthDeps.seeds`), handed in by buildApp: auth never imports this module. */
export const seedLinks: TSeedLinks = { roleInSeed, seedIdsManagedBy, acceptInvitation };
