/** The help centre's public API (issue 33): no sign-in, answers cacheable for five minutes (articles ship with the code). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHelpArticle, ZHelpArticleList, ZHelpSearchQuery, ZHelpSlugParams } from '@suite/shared/schemas/help';
import type { THelpCentre } from './help.service.ts';

const tags = ['help'];
const CACHE = 'public, max-age=300';

export const helpRoutes: FastifyPluginAsyncZod<{ help: THelpCentre }> = async (app, { help }) => {
  app.get(
    '/api/help/articles',
    {
      schema: {
        tags,
        summary: '도움말 검색 (q: 검색어, 초성 가능; service: 서비스). 검색어가 없으면 서비스·제목 순 전체 목록, 있으면 관련도 순 최대 20개 (공개)',
        querystring: ZHelpSearchQuery,
        response: { 200: ZHelpArticleList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return help.search(request.query);
    },
  );
  app.get(
    '/api/help/articles/:slug',
    {
      schema: {
        tags,
        summary: '도움말 문서 하나 (본문은 서버에서 안전한 HTML로 변환) (공개)',
        params: ZHelpSlugParams,
        response: { 200: ZHelpArticle },
      },
    },
    async (request, reply) => {
      const article = help.article(request.params.slug);
      reply.header('cache-control', CACHE);
      return article;
    },
  );
};
