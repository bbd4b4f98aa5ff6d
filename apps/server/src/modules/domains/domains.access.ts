/**
 * The one permission rule of /api/seeds/{seedId}/domains… (issue 33): the seed's owner and admins manage its domains,
 * and so do platform admins (they run the operator's side: TLS, DNS target); members get 403, strangers and unknown
 * seeds 404 (as everywhere for a seed one is not in). Every route is registered inside the plugin whose onRequest
 * hooks run requireAuth and then `guardSeedDomains` (domains.module.ts) — before the body is read, so a refused
 * caller learns nothing from validation.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { roleInSeed, seedOwners } from '../seeds/seeds.service.ts';
import type { TDb } from '../../db/client.ts';

export type TSeedDomainsAccess = { seedId: string; userId: string; ip: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    seedDomainsAccess: TSeedDomainsAccess | null;
  }
}

const uuid = z.uuid();

export async function seedDomainsAccessOf(db: TDb, seedId: string, user: { id: string; role: string }): Promise<string> {
  const id = seedId.toLowerCase();
  if (!uuid.safeParse(id).success) throw new AppError('SEED_NOT_FOUND');
  const role = await roleInSeed(db, id, user.id);
  if (role === 'owner' || role === 'admin') return id;
  if (user.role === 'admin') {
    if (!(await seedOwners(db, [id])).has(id)) throw new AppError('SEED_NOT_FOUND');
    return id;
  }
  if (role === null) throw new AppError('SEED_NOT_FOUND');
  throw new AppError('DOMAIN_FORBIDDEN');
}

/** An onRequest hook (after requireAuth): the caller manages the seed of the URL. */
export function guardSeedDomains(db: TDb) {
  return async (request: FastifyRequest): Promise<void> => {
    const seedId = (request.params as { seedId?: unknown }).seedId;
    if (typeof seedId !== 'string') throw new AppError('SEED_NOT_FOUND');
    const user = currentUser(request);
    request.seedDomainsAccess = { seedId: await seedDomainsAccessOf(db, seedId, user), userId: user.id, ip: request.ip };
  };
}

/** The access the guard established (routes inside the guarded plugin only). */
export function seedDomainsAccess(request: FastifyRequest): TSeedDomainsAccess {
  if (!request.seedDomainsAccess) throw new AppError('DOMAIN_FORBIDDEN');
  return request.seedDomainsAccess;
}
