import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHelpChecklist } from '@suite/shared/schemas/help';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { roleInSeed, seedNames } from '../seeds/seeds.service.ts';
import { checklistOf, type TArticleFor } from './help-checklist.ts';

/**
 * GET /api/seeds/{seedId}/help/checklist (issue 33): every member of the seed (and platform admins) may read it; a
 * stranger gets 404, as for the seed itself. The check is the scope's own hook, so the route cannot forget it.
 */
export const helpChecklistRoutes: FastifyPluginAsyncZod<{ db: TDb; consoleOrigin: string; articleFor: TArticleFor }> = async (
  app,
  { db, consoleOrigin, articleFor },
) => {
  app.addHook('onRequest', requireAuth);
  app.addHook('onRequest', async (request) => {
    const seedId = (request.params as { seedId?: unknown }).seedId;
    const user = currentUser(request);
    const parsed = ZSeedParams.safeParse({ seedId });
    if (!parsed.success) throw new AppError('SEED_NOT_FOUND');
    const id = parsed.data.seedId;
    // A platform admin may read any seed's checklist, of a seed that exists.
    const allowed = user.role === 'admin' ? (await seedNames(db, [id])).has(id) : Boolean(await roleInSeed(db, id, user.id));
    if (!allowed) throw new AppError('SEED_NOT_FOUND');
  });
  app.get(
    '/api/seeds/:seedId/help/checklist',
    {
      schema: {
        tags: ['help'],
        summary: '시작하기 체크리스트: 서비스별 첫 단계와 완료 여부 (시드 멤버)',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZHelpChecklist, ...errorResponses(401, 404) },
      },
    },
    async (request) => checklistOf(db, request.params.seedId, consoleOrigin, articleFor),
  );
};
