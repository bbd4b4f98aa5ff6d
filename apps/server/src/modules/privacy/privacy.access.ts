/**
 * The one permission rule of /api/seeds/{seedId}/privacy/… (issue 32, decision 067): only the seed's OWNER handles
 * requests about the seed's customers (under PIPA the seed is the controller of their data; its owner answers for
 * it). Admins, members and strangers get 403, an unknown seed 404. Every route under that prefix is registered inside
 * the plugin whose onRequest hooks run requireAuth and then `guardSeedPrivacy` (seed-requests.routes.ts), so no route
 * can forget it — and the check runs before the body is read, so a refused caller learns nothing from validation.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { seedOwners } from '../seeds/seeds.service.ts';
import type { TDb } from '../../db/client.ts';

export type TSeedPrivacyAccess = { seedId: string; ownerId: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    seedPrivacyAccess: TSeedPrivacyAccess | null;
  }
}

const uuid = z.uuid();

export async function seedPrivacyAccessOf(db: TDb, seedId: string, userId: string): Promise<TSeedPrivacyAccess> {
  const id = seedId.toLowerCase();
  if (!uuid.safeParse(id).success) throw new AppError('SEED_NOT_FOUND');
  const owner = (await seedOwners(db, [id])).get(id);
  if (!owner) throw new AppError('SEED_NOT_FOUND');
  if (owner.ownerId !== userId) throw new AppError('PRIVACY_OWNER_ONLY');
  return { seedId: id, ownerId: userId };
}

/** An onRequest hook (after requireAuth): the caller must own the seed of the URL. */
export function guardSeedPrivacy(db: TDb) {
  return async (request: FastifyRequest): Promise<void> => {
    const seedId = (request.params as { seedId?: unknown }).seedId;
    if (typeof seedId !== 'string') throw new AppError('SEED_NOT_FOUND');
    request.seedPrivacyAccess = await seedPrivacyAccessOf(db, seedId, currentUser(request).id);
  };
}

/** The access the guard established (routes inside the guarded plugin only). */
export function seedPrivacyAccess(request: FastifyRequest): TSeedPrivacyAccess {
  if (!request.seedPrivacyAccess) throw new AppError('PRIVACY_OWNER_ONLY');
  return request.seedPrivacyAccess;
}
