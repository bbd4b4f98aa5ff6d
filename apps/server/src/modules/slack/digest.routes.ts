/**
 * Channel digests (decision 087): Slack's `/digest` slash command (POST /api/slack/commands, signed like the Events
 * API: v0 HMAC over the raw body, ±5 minutes, answered at once with an ephemeral Korean text) and the console's
 * digest routes under /api/slack/workspaces/:workspaceId/digests (bearer token).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZSlackWorkspaceParams } from '@suite/shared/schemas/slack';
import { ZDigestChannelList, ZDigestChannelParams, ZDigestChannelResponse, ZDigestSettingsInput } from '@suite/shared/schemas/slack-digest';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { findBadText } from '../../plugins/input-text-rule.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { ACCESS, accessOf, recordAccess } from '../../lib/access-log.ts';
import { access } from './console.service.ts';
import { handleSlashCommand, listDigestChannels, setMySubscription, updateDigestChannel } from './digest-settings.service.ts';
import type { TSlackApi } from './slack-api.ts';
import { verifySlackSignature } from './slack-crypto.ts';

const s = ko.slack.server;
type TDeps = { db: TDb; config: TConfig; slack: TSlackApi; state: TSharedState; now: () => Date };

const ZSlash = z.object({
  command: z.string().max(50),
  text: z.string().max(2000).default(''),
  team_id: z.string().min(1).max(50),
  channel_id: z.string().min(1).max(50),
  channel_name: z.string().max(200).default(''),
  user_id: z.string().min(1).max(50),
});

function verify(config: TConfig, request: FastifyRequest, raw: Buffer, now: Date): void {
  const secret = config.slack.signingSecret;
  if (!secret) throw new AppError('SERVICE_UNAVAILABLE', s.signingNotConfigured);
  const h = (k: string) => (typeof request.headers[k] === 'string' ? (request.headers[k] as string) : undefined);
  const check = verifySlackSignature(secret, { timestamp: h('x-slack-request-timestamp'), signature: h('x-slack-signature') }, raw, now.getTime());
  if (check === 'stale') throw new AppError('UNAUTHORIZED', s.timestampStale);
  if (check !== 'ok') throw new AppError('UNAUTHORIZED', s.signatureInvalid);
}

/** POST /api/slack/commands: only `/digest` today; the raw form body is kept for the signature. */
export const digestCommandRoutes: FastifyPluginAsync<TDeps> = async (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'application/json'], { parseAs: 'buffer', bodyLimit: 65_536 }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/api/slack/commands', { schema: { hide: true } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    verify(deps.config, request, raw, deps.now());
    const fields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    // The raw body escapes the app's NUL rule (a Buffer): the decoded fields are checked here, before the database.
    if (findBadText(fields) !== undefined) return reply.send({ response_type: 'ephemeral', text: ko.slackDigest.server.badText });
    const parsed = ZSlash.safeParse(fields);
    if (!parsed.success) throw new AppError('BAD_REQUEST', s.badPayload);
    const p = parsed.data;
    if (p.command.replace(/^\//, '') !== 'digest') return reply.send({ response_type: 'ephemeral', text: ko.slackDigest.command.help });
    const text = await handleSlashCommand(deps, { teamId: p.team_id, channelId: p.channel_id, channelName: p.channel_name, userId: p.user_id, text: p.text });
    return reply.send({ response_type: 'ephemeral', text });
  });
};

const tags = ['slack'];
const auth = { onRequest: requireAuth };

export const digestConsoleRoutes: FastifyPluginAsyncZod<TDeps> = async (app, deps) => {
  const me = (request: FastifyRequest) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };
  app.get(
    '/api/slack/workspaces/:workspaceId/digests',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        params: ZSlackWorkspaceParams,
        summary: '채널 다이제스트: 채널별 일정, 받는 곳, 구독자, 지난 발송',
        response: { 200: ZDigestChannelList, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const res = await listDigestChannels(deps, me(request), request.params.workspaceId);
      // The subscribers are Slack users: reading them is recorded like the users tab (decision 068).
      const subscribers = res.data.reduce((n, c) => n + c.subscribers.length, 0);
      if (subscribers > 0) {
        const { ws } = await access(deps.db, request.params.workspaceId, me(request).id);
        await recordAccess(
          deps.db,
          accessOf(request, 'seed', ACCESS.slackUsersList, `워크스페이스 ${ws.teamName} 다이제스트 구독자 · ${subscribers}명`, ws.seedId),
        );
      }
      return res;
    },
  );
  app.patch(
    '/api/slack/workspaces/:workspaceId/digests/:channel',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        params: ZDigestChannelParams,
        body: ZDigestSettingsInput,
        summary: '채널 다이제스트 일정과 채널 게시 여부 (시드 소유자·관리자)',
        response: { 200: ZDigestChannelResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: ko.slackDigest.server.saved,
      data: await updateDigestChannel(deps, me(request), request.params.workspaceId, request.params.channel, request.body),
    }),
  );
  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/slack/workspaces/:workspaceId/digests/:channel/subscription',
      {
        ...auth,
        schema: {
          tags,
          security: bearer,
          params: ZDigestChannelParams,
          summary: on ? '내 다이제스트 구독 (이메일로 찾은 내 Slack 계정에 개인 메시지)' : '내 다이제스트 구독 취소',
          response: { 200: ZDigestChannelResponse, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: on ? ko.slackDigest.server.subscribed : ko.slackDigest.server.unsubscribed,
        data: await setMySubscription(deps, me(request), request.params.workspaceId, request.params.channel, on),
      }),
    );
  }
};
