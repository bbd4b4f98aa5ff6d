/** Connecting (OAuth) and the console API of the chat AI. Thin: parse with the shared schemas, call the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import {
  ZSlackCallbackQuery,
  ZSlackDocumentInput,
  ZSlackDocumentList,
  ZSlackDocumentParams,
  ZSlackDocumentResponse,
  ZSlackLogQuery,
  ZSlackLogResponse,
  ZSlackPrepareInput,
  ZSlackPrepareResponse,
  ZSlackSearchQuery,
  ZSlackSearchResponse,
  ZSlackSettingsInput,
  ZSlackStatsQuery,
  ZSlackStatsResponse,
  ZSlackUsersResponse,
  ZSlackWorkspaceList,
  ZSlackWorkspaceParams,
  ZSlackWorkspaceResponse,
} from '@suite/shared/schemas/slack';
import { ZMessageResponse } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, quoted, recordAccess } from '../../lib/access-log.ts';
import * as consoleService from './console.service.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import type { TRefetch, TVectorIndex } from '../knowledge/knowledge.service.ts';
import * as oauth from './oauth.service.ts';
import type { TSlackApi } from './slack-api.ts';

const s = ko.slack.server;
const tags = ['slack'];
const auth = { onRequest: requireAuth };

export const slackRoutes: FastifyPluginAsyncZod<{
  db: TDb;
  config: TConfig;
  slack: TSlackApi;
  vectors: TVectorIndex;
  refetch: TRefetch;
  now: () => Date;
}> = async (app, { db, config, slack, vectors, refetch, now }) => {
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, ip: request.ip, fullName: u.fullName, at: now() };
  };

  app.post(
    '/api/slack-oauth-prepare',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Slack 워크스페이스 연결 준비: 승인 주소와 1회용 state (10분)',
        security: bearer,
        body: ZSlackPrepareInput,
        response: { 200: ZSlackPrepareResponse, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const r = await oauth.prepare(db, config, actorOf(request), request.body.seed_id);
      if (r.configError) {
        // The spec's OAuth code, so the client can show its config_error texts.
        const err = new AppError('SERVICE_UNAVAILABLE', s.notConfigured);
        (err as { code: string }).code = 'config_error';
        throw err;
      }
      return { success: true as const, authUrl: r.authUrl, state: r.state, message: s.prepared };
    },
  );

  app.get(
    '/api/slack/oauth/callback',
    { schema: { tags, summary: 'Slack OAuth 콜백: 연결 결과 화면으로 보냅니다', querystring: ZSlackCallbackQuery } },
    async (request, reply) => {
      let r: oauth.TCallbackResult;
      try {
        r = await oauth.callback(db, config, slack, request.query, request.log, now());
      } catch (e) {
        request.log.error({ err: (e as Error).message }, 'slack oauth callback failed');
        r = { ok: false, error: 'internal_error' };
      }
      const q = new URLSearchParams(r.ok ? { status: 'success', workspace_id: r.workspaceId, workspace_name: r.workspaceName } : { error: r.error });
      return reply.redirect(`/oauth/slack/callback?${q.toString()}`, 302);
    },
  );

  app.get(
    '/api/slack/workspaces',
    {
      ...auth,
      schema: { tags, summary: '내 시드에 연결된 Slack 워크스페이스', security: bearer, response: { 200: ZSlackWorkspaceList, ...errorResponses(401) } },
    },
    async (request) => ({ data: await consoleService.list(db, config, currentUser(request).id) }),
  );

  const wsSchema = { tags, security: bearer, params: ZSlackWorkspaceParams };

  app.patch(
    '/api/slack/workspaces/:workspaceId/settings',
    {
      ...auth,
      schema: {
        ...wsSchema,
        summary: '채널, 언어, 말투, 보관 기간, 월 토큰 한도 (시드 소유자·관리자)',
        body: ZSlackSettingsInput,
        response: { 200: ZSlackWorkspaceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: s.settingsSaved,
      data: await consoleService.updateSettings(db, config, actorOf(request), request.params.workspaceId, request.body),
    }),
  );

  app.delete(
    '/api/slack/workspaces/:workspaceId',
    {
      ...auth,
      schema: { ...wsSchema, summary: '연결 해제 (시드 소유자·관리자)', response: { 200: ZSlackWorkspaceResponse, ...errorResponses(401, 403, 404) } },
    },
    async (request) => ({
      success: true as const,
      message: s.disconnected,
      data: await consoleService.disconnect(db, config, slack, actorOf(request), request.params.workspaceId),
    }),
  );

  app.get(
    '/api/slack/workspaces/:workspaceId/users',
    { ...auth, schema: { ...wsSchema, summary: 'AI 비서를 사용한 Slack 사용자와 횟수', response: { 200: ZSlackUsersResponse, ...errorResponses(401, 404) } } },
    async (request) => {
      const { workspaceId } = request.params;
      const data = await consoleService.users(db, config, slack, workspaceId, currentUser(request).id);
      const { ws } = await consoleService.access(db, workspaceId, currentUser(request).id);
      await recordAccess(db, accessOf(request, 'seed', ACCESS.slackUsersList, `워크스페이스 ${ws.teamName ?? workspaceId} · ${data.length}명`, ws.seedId));
      return { data };
    },
  );

  app.get(
    '/api/slack/workspaces/:workspaceId/logs',
    {
      ...auth,
      schema: {
        ...wsSchema,
        summary: '이벤트와 답변 기록 (검색, 최신순)',
        querystring: ZSlackLogQuery,
        response: { 200: ZSlackLogResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { workspaceId } = request.params;
      const res = await consoleService.logs(db, workspaceId, currentUser(request).id, request.query);
      const { ws } = await consoleService.access(db, workspaceId, currentUser(request).id);
      const subject = `워크스페이스 ${ws.teamName ?? workspaceId}${request.query.q ? ` 검색 ${quoted(request.query.q)}` : ''} · ${res.data.length}건`;
      await recordAccess(db, accessOf(request, 'seed', ACCESS.slackLogsRead, subject, ws.seedId));
      return res;
    },
  );

  app.get(
    '/api/slack/workspaces/:workspaceId/stats',
    {
      ...auth,
      schema: {
        ...wsSchema,
        summary: '일별 질문·요약·검색·토큰',
        querystring: ZSlackStatsQuery,
        response: { 200: ZSlackStatsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => consoleService.stats(db, request.params.workspaceId, currentUser(request).id, request.query.days, now()),
  );

  app.get(
    '/api/slack/workspaces/:workspaceId/documents',
    { ...auth, schema: { ...wsSchema, summary: '사내 지식 문서 목록', response: { 200: ZSlackDocumentList, ...errorResponses(401, 404) } } },
    async (request) => {
      await consoleService.access(db, request.params.workspaceId, currentUser(request).id);
      return { data: await knowledge.listDocuments(db, request.params.workspaceId, vectors) };
    },
  );

  app.post(
    '/api/slack/workspaces/:workspaceId/documents',
    {
      ...auth,
      schema: {
        ...wsSchema,
        summary: '지식 등록: 텍스트, 마크다운, Q&A, 웹 페이지 주소 (시드 소유자·관리자)',
        body: ZSlackDocumentInput,
        response: { 201: ZSlackDocumentResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const a = await consoleService.access(db, request.params.workspaceId, currentUser(request).id, { manage: true });
      const data = await knowledge.addDocument(db, a.ws, currentUser(request).id, request.body, {
        allowPrivateUrls: config.allowPrivateUrls,
        vectors,
        refetch,
      });
      return reply.status(201).send({ success: true as const, message: s.documentAdded, data });
    },
  );

  app.delete(
    '/api/slack/workspaces/:workspaceId/documents/:documentId',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        params: ZSlackDocumentParams,
        summary: '지식 문서 삭제 (시드 소유자·관리자)',
        response: { 200: ZMessageResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await consoleService.access(db, request.params.workspaceId, currentUser(request).id, { manage: true });
      await knowledge.deleteDocument(db, request.params.workspaceId, request.params.documentId);
      return { success: true as const, message: s.documentDeleted };
    },
  );

  app.get(
    '/api/slack/workspaces/:workspaceId/search',
    {
      ...auth,
      schema: {
        ...wsSchema,
        summary: '지식 검색 시험 (AI 비서가 찾는 문단 상위 3개)',
        querystring: ZSlackSearchQuery,
        response: { 200: ZSlackSearchResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const a = await consoleService.access(db, request.params.workspaceId, currentUser(request).id);
      // Drive/Notion passages are cited only to their readers there (decision 089): a member who does not manage the
      // workspace tries the search on what every member may read — uploaded documents and items open to anyone.
      const found = await knowledge.searchWorkspace(db, request.params.workspaceId, request.query.q, 6, vectors);
      const hits = (consoleService.isManager(a.role) ? found : await knowledge.citableHits(db, found, async () => null, { openOnly: true })).slice(0, 3);
      return { data: hits.map((h) => ({ document_id: h.documentId, title: h.title, source_url: h.sourceUrl, content: h.content, score: h.score })) };
    },
  );
};
