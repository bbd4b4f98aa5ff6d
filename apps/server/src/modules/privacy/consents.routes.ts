import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConsents, ZConsentsPatch, ZDataRecipients } from '@suite/shared';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { requestMeta } from '../auth/auth.service.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { getConsents, patchConsents } from './consents.service.ts';
import { dataRecipients } from './recipients.service.ts';

const tags = ['privacy'];

/** The person's own consents and the outside services that received their data (issue 32). */
export const consentRoutes: FastifyPluginAsyncZod<{ deps: TPrivacyDeps }> = async (app, { deps }) => {
  app.get(
    '/api/me/consents',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '내 동의 현황과 이력', security: bearer, response: { 200: ZConsents, ...errorResponses(401) } },
    },
    async (request) => getConsents(deps, currentUser(request).id),
  );

  app.patch(
    '/api/me/consents',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '선택 동의 변경 (마케팅, 야간 광고) — 변경 결과는 메일로 알립니다',
        security: bearer,
        body: ZConsentsPatch,
        response: { 200: ZConsents, ...errorResponses(400, 401) },
      },
    },
    async (request) => patchConsents(deps, currentUser(request).id, request.body, requestMeta(request)),
  );

  app.get(
    '/api/me/data-recipients',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '내 개인정보를 받은 외부 서비스', security: bearer, response: { 200: ZDataRecipients, ...errorResponses(401) } },
    },
    async (request) => dataRecipients(deps, currentUser(request).id),
  );
};
