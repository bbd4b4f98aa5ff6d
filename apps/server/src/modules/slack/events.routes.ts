/**
 * Slack's Events API over HTTP (POST /api/slack/events) and the message shortcut (POST /api/slack/interactions).
 * The raw body is kept for the v0 signature; the ack is sent as soon as the event is verified and claimed, and the
 * intake stores and works it after (intake.ts).
 * Retries of an event already seen (event_id) are dropped twice over: a shared-state claim (instances agree) and the
 * unique event_id in the database.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ko } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TIntake } from './intake.ts';
import { verifySlackSignature } from './slack-crypto.ts';

const s = ko.slack.server;

const ZEnvelope = z.object({
  type: z.string(),
  challenge: z.string().max(500).optional(),
  team_id: z.string().max(50).optional(),
  event_id: z.string().max(100).optional(),
  event: z.record(z.string(), z.unknown()).optional(),
});

const ZMessageEvent = z.object({
  type: z.string(),
  subtype: z.string().optional(),
  channel: z.string().max(50).default(''),
  user: z.string().max(50).optional(),
  bot_id: z.string().optional(),
  text: z.string().max(40_000).optional(),
  ts: z.string().max(40).optional(),
  thread_ts: z.string().max(40).optional(),
  message: z.object({ ts: z.string(), text: z.string().max(40_000).optional(), thread_ts: z.string().optional(), user: z.string().optional() }).optional(),
  deleted_ts: z.string().optional(),
  previous_message: z.object({ ts: z.string() }).optional(),
  // Direct messages and the Assistant panel (decision 086).
  channel_type: z.string().max(20).optional(),
  assistant_thread: z
    .object({
      user_id: z.string().max(50),
      channel_id: z.string().max(50),
      thread_ts: z.string().max(40),
      context: z.object({ channel_id: z.string().max(50).optional() }).optional(),
    })
    .optional(),
});

const ZShortcut = z.object({
  type: z.literal('message_action'),
  callback_id: z.string(),
  trigger_id: z.string().max(200),
  team: z.object({ id: z.string() }),
  channel: z.object({ id: z.string() }),
  user: z.object({ id: z.string() }),
  message: z.object({ ts: z.string(), thread_ts: z.string().optional() }),
});

type TDeps = {
  config: TConfig;
  state: TSharedState;
  intake: TIntake;
  now: () => Date;
  /** Button clicks (block_actions) of actions from Slack (decision 088, actions.interactions.ts). */
  blockActions?: (payload: unknown) => Promise<void>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    slackRawBody?: Buffer;
  }
}

function verify(config: TConfig, request: FastifyRequest, now: Date): void {
  const secret = config.slack.signingSecret;
  if (!secret) throw new AppError('SERVICE_UNAVAILABLE', s.signingNotConfigured);
  const h = (k: string) => (typeof request.headers[k] === 'string' ? (request.headers[k] as string) : undefined);
  const check = verifySlackSignature(
    secret,
    { timestamp: h('x-slack-request-timestamp'), signature: h('x-slack-signature') },
    request.slackRawBody ?? Buffer.alloc(0),
    now.getTime(),
  );
  if (check === 'stale') throw new AppError('UNAUTHORIZED', s.timestampStale);
  if (check !== 'ok') throw new AppError('UNAUTHORIZED', s.signatureInvalid);
}

export const slackEventRoutes: FastifyPluginAsync<TDeps> = async (app, { config, state, intake, now, blockActions }) => {
  // Only inside this plugin: keep the raw bytes, then parse.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'buffer', bodyLimit: 1_048_576 }, (request, body, done) => {
    request.slackRawBody = body as Buffer;
    done(null, null);
  });

  const parseJson = (raw: Buffer | undefined): unknown => {
    try {
      return JSON.parse((raw ?? Buffer.alloc(0)).toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', s.badPayload);
    }
  };

  app.post('/api/slack/events', { schema: { hide: true } }, async (request, reply: FastifyReply) => {
    verify(config, request, now());
    const env = ZEnvelope.safeParse(parseJson(request.slackRawBody));
    if (!env.success) throw new AppError('BAD_REQUEST', s.badPayload);
    const body = env.data;
    if (body.type === 'url_verification') return reply.send({ challenge: body.challenge ?? '' });
    if (body.type !== 'event_callback' || !body.event || !body.event_id || !body.team_id) return reply.send({ ok: true });
    const ev = ZMessageEvent.safeParse(body.event);
    if (!ev.success) return reply.send({ ok: true });
    // A retry of an event already acknowledged (by this or another instance) is dropped here.
    if (!(await state.claim(`slack:event:${body.event_id}`, 24 * 3600_000))) return reply.header('x-slack-no-retry', '1').send({ ok: true });
    intake.push({ teamId: body.team_id, eventId: body.event_id, type: ev.data.type, event: ev.data });
    return reply.send({ ok: true });
  });

  app.post('/api/slack/interactions', { schema: { hide: true } }, async (request, reply) => {
    verify(config, request, now());
    const form = new URLSearchParams((request.slackRawBody ?? Buffer.alloc(0)).toString('utf8'));
    const payload = parseJsonSafe(form.get('payload'));
    if (blockActions && (payload as { type?: unknown } | null)?.type === 'block_actions') {
      await blockActions(payload);
      return reply.send();
    }
    const parsed = ZShortcut.safeParse(payload);
    if (!parsed.success || parsed.data.callback_id !== 'summarize_thread') return reply.send();
    const p = parsed.data;
    const eventId = `shortcut:${p.trigger_id}`;
    if (!(await state.claim(`slack:event:${eventId}`, 24 * 3600_000))) return reply.send();
    const threadTs = p.message.thread_ts ?? p.message.ts;
    intake.push({
      teamId: p.team.id,
      eventId,
      type: 'message_action',
      event: { channel: p.channel.id, user: p.user.id, ts: threadTs, thread_ts: threadTs, shortcut: true },
    });
    return reply.send();
  });
};

function parseJsonSafe(s: string | null): unknown {
  try {
    return s ? JSON.parse(s) : null;
  } catch {
    return null;
  }
}
