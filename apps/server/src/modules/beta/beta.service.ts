import { ko, type TBetaApplicationResponse, type ZBetaApplicationInput } from '@suite/shared';
import type { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import { hasBetaApplication, insertBetaApplication } from './beta.repository.ts';

/** Per client address: a handful of applications, then a pause (the form is public; the route's limit, beta.routes.ts). */
export const BETA_LIMIT = { max: 5, windowMs: 10 * 60_000 };

type TInput = z.output<typeof ZBetaApplicationInput>;

/**
 * Stores one beta application. The same email applying twice for the same service stores nothing new
 * and says so; an application made while signed in is linked to the account.
 */
export async function applyForBeta(ctx: TAppContext, input: TInput, meta: { ip: string; userId: string | null }): Promise<TBetaApplicationResponse> {
  const db = ctx.database.db;
  if (await hasBetaApplication(db, input.email, input.service)) {
    return { success: true, created: false, message: ko.site.beta.already };
  }
  await insertBetaApplication(db, { ...input, userId: meta.userId });
  return { success: true, created: true, message: ko.site.beta.success };
}
