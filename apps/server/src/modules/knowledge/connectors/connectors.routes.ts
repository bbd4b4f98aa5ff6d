/** The console's 연결 card (decision 089): a Slack workspace's Google Drive and Notion connections. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import {
  ZConnectorOkResponse,
  ZConnectorParams,
  ZConnectorResponse,
  ZConnectorsParams,
  ZConnectorsResponse,
  ZConnectorUpdateInput,
  ZDriveStartResponse,
  ZNotionConnectInput,
} from '@suite/shared/schemas/connectors';
import { ZGoogleCallbackQuery } from '@suite/shared/schemas/calendar-sync';
import { currentUser, requireAuth } from '../../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../../lib/route-helpers.ts';
import type { TSharedState } from '../../../state/shared-state.ts';
import { clearNonceCookie, newNonce, readNonce, setNonceCookie } from '../../calendar-sync/connections.service.ts';
import { access, isManager } from '../../slack/console.service.ts';
import * as connectors from './connectors.service.ts';
import { DRIVE_CALLBACK_PATH, DRIVE_COOKIE_PATH, driveAvailable, finishDrive, STATE_TTL_MS, startDrive } from './drive-oauth.ts';

const tags = ['slack'];
const m = ko.connectors.server;
const CONSOLE_PAGE = '/admin/services/slack-ai';

export const connectorRoutes: FastifyPluginAsyncZod<{ deps: connectors.TConnectorDeps; state: TSharedState }> = async (app, { deps, state }) => {
  const auth = { onRequest: requireAuth };
  const secureCookie = deps.config.appUrl.startsWith('https:');
  const base = '/api/slack/workspaces/:workspaceId/connectors';
  const guard = (request: Parameters<typeof currentUser>[0], workspaceId: string, manage: boolean) =>
    access(deps.db, workspaceId, currentUser(request).id, { manage });

  app.get(
    base,
    {
      ...auth,
      schema: {
        tags,
        summary: '지식 연결 (Google 드라이브, Notion): 상태와 가져온 문서',
        security: bearer,
        params: ZConnectorsParams,
        response: { 200: ZConnectorsResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const a = await guard(request, request.params.workspaceId, false);
      const viewer = isManager(a.role) ? undefined : currentUser(request).email;
      return { data: { drive_available: driveAvailable(deps), connections: await connectors.listConnectors(deps.db, request.params.workspaceId, viewer) } };
    },
  );

  app.post(
    `${base}/notion`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Notion 연결 (내부 통합 토큰, 암호화해 보관) 후 한 번 동기화',
        security: bearer,
        params: ZConnectorsParams,
        body: ZNotionConnectInput,
        response: { 201: ZConnectorResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const a = await guard(request, request.params.workspaceId, true);
      const data = await connectors.connectNotion(deps, { id: a.ws.id, seedId: a.ws.seedId }, currentUser(request).id, request.body.token);
      return reply.code(201).send({ message: m.connected, data });
    },
  );

  app.post(
    `${base}/google-drive/start`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Google 드라이브 연결 시작: 승인 주소 (state 10분, 1회용, 이 브라우저의 쿠키에 묶임)',
        security: bearer,
        params: ZConnectorsParams,
        response: { 200: ZDriveStartResponse, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const a = await guard(request, request.params.workspaceId, true);
      const nonce = newNonce();
      const url = await startDrive(deps, state, { id: a.ws.id, seedId: a.ws.seedId }, currentUser(request).id, nonce);
      setNonceCookie(reply, nonce, STATE_TTL_MS / 1000, secureCookie, DRIVE_COOKIE_PATH);
      return { data: { url } };
    },
  );

  app.get(
    DRIVE_CALLBACK_PATH,
    { schema: { tags, summary: 'Google 드라이브 OAuth 콜백: 결과와 함께 Slack 콘솔로 보냅니다', querystring: ZGoogleCallbackQuery } },
    async (request, reply) => {
      const result = await finishDrive(deps, state, request.query, readNonce(request));
      clearNonceCookie(reply, secureCookie, DRIVE_COOKIE_PATH);
      return reply.redirect(`${CONSOLE_PAGE}?drive=${result}`, 302);
    },
  );

  app.patch(
    `${base}/:connectionId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '색인할 드라이브 폴더, 전체 공개로 인용할 Notion 페이지 (저장 후 동기화)',
        security: bearer,
        params: ZConnectorParams,
        body: ZConnectorUpdateInput,
        response: { 200: ZConnectorResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await guard(request, request.params.workspaceId, true);
      return { message: m.saved, data: await connectors.updateConnector(deps, request.params.workspaceId, request.params.connectionId, request.body) };
    },
  );

  app.post(
    `${base}/:connectionId/sync`,
    {
      ...auth,
      schema: {
        tags,
        summary: '지금 동기화 (실패하면 연결 상태에 한국어 사유)',
        security: bearer,
        params: ZConnectorParams,
        response: { 200: ZConnectorResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await guard(request, request.params.workspaceId, true);
      const c = await connectors.connectionOf(deps.db, request.params.workspaceId, request.params.connectionId);
      return { message: m.synced, data: await connectors.toApi(deps.db, await connectors.syncConnection(deps, c.id)) };
    },
  );

  app.delete(
    `${base}/:connectionId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '연결 끊기: 가져온 문서도 지식에서 지웁니다',
        security: bearer,
        params: ZConnectorParams,
        response: { 200: ZConnectorOkResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await guard(request, request.params.workspaceId, true);
      await connectors.disconnectConnector(deps.db, request.params.workspaceId, request.params.connectionId);
      return { message: m.disconnected };
    },
  );
};
