/**
 * The one permission rule of billing (issue 31): a seed's owner changes billing; its owner and admins read it;
 * members and strangers get 403. Every route under /api/seeds/{seedId}/billing passes through `guardSeedBilling`
 * (a preHandler on the plugin that holds them all, billing.module.ts), so no route can forget it.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { roleInSeed } from '../seeds/seeds.service.ts';
import type { TDb } from '../../db/client.ts';
import { ko } from '@suite/shared';

const t = ko.billing.server;

export type TBillingAccess = { userId: string; seedId: string; role: 'owner' | 'admin'; canManage: boolean };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    billingAccess: TBillingAccess | null;
  }
}

export async function billingAccessOf(db: TDb, seedId: string, userId: string): Promise<TBillingAccess> {
  const role = await roleInSeed(db, seedId.toLowerCase(), userId);
  if (role !== 'owner' && role !== 'admin') throw new AppError('FORBIDDEN', t.managersOnly);
  return { userId, seedId: seedId.toLowerCase(), role, canManage: role === 'owner' };
}

/** Reads (GET, HEAD) need owner or admin; every other method needs the owner. */
export function guardSeedBilling(db: TDb) {
  return async (request: FastifyRequest): Promise<void> => {
    const seedId = (request.params as { seedId?: unknown }).seedId;
    if (typeof seedId !== 'string') throw new AppError('NOT_FOUND');
    const access = await billingAccessOf(db, seedId, currentUser(request).id);
    if (request.method !== 'GET' && request.method !== 'HEAD' && !access.canManage) throw new AppError('FORBIDDEN', t.ownerOnly);
    request.billingAccess = access;
  };
}

/** The access the guard established (routes inside the guarded plugin only). */
export function billingAccess(request: FastifyRequest): TBillingAccess {
  if (!request.billingAccess) throw new AppError('FORBIDDEN', t.managersOnly);
  return request.billingAccess;
}
