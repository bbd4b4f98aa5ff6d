/** Developer documentation's HTTP API (issue 33): guides and the changelog, for signed-in members. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChangelog, ZDocGuide, ZDocGuideList } from '@suite/shared/schemas/docs';
import { requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import * as docs from './docs.service.ts';

const tags = ['docs'];
const ZGuideParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

export const docsRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, { appUrl }) => {
  const auth = { onRequest: requireAuth };

  app.get(
    '/api/docs/guides',
    { ...auth, schema: { tags, summary: '개발자 가이드 목록', security: bearer, response: { 200: ZDocGuideList, ...errorResponses(401) } } },
    async () => docs.listGuides(appUrl),
  );

  app.get(
    '/api/docs/guides/:slug',
    {
      ...auth,
      schema: { tags, summary: '개발자 가이드 (HTML)', security: bearer, params: ZGuideParams, response: { 200: ZDocGuide, ...errorResponses(400, 401, 404) } },
    },
    async (request) => docs.getGuide(appUrl, request.params.slug),
  );

  app.get(
    '/api/docs/changelog',
    { ...auth, schema: { tags, summary: '변경 기록 (최신순)', security: bearer, response: { 200: ZChangelog, ...errorResponses(401) } } },
    async () => docs.getChangelog(),
  );
};
