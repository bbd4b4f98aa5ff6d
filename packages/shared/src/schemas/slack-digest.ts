// Slack channel digests (issue 35, decision 087): console request and response schemas shared by server and web.
import { z } from 'zod';
import { koSlackDigest } from '../messages/ko-slack-digest.ts';

const v = koSlackDigest.validation;

export const ZDigestFrequency = z.enum(['daily', 'weekly', 'off'], { error: v.frequency });
export type TDigestFrequency = z.infer<typeof ZDigestFrequency>;

/** 'HH:MM' (or 'H:MM') in Asia/Seoul, 00:00–23:59. */
export const ZDigestTime = z
  .string({ error: v.time })
  .trim()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, v.time);

/** 'HH:MM' → minutes after midnight. */
export const minuteOfTime = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export const ZDigestChannelParams = z.object({
  workspaceId: z.uuid({ error: '워크스페이스를 찾을 수 없습니다.' }),
  channel: z
    .string()
    .trim()
    .regex(/^[CG][A-Z0-9]{2,30}$/, v.channel),
});

export const ZDigestSettingsInput = z.object({
  frequency: ZDigestFrequency,
  weekday: z.coerce.number({ error: v.weekday }).int(v.weekday).min(0, v.weekday).max(6, v.weekday).default(5),
  time: ZDigestTime,
  post_to_channel: z.boolean().default(false),
});
export type TDigestSettingsInput = z.input<typeof ZDigestSettingsInput>;

export const ZDigestChannel = z.object({
  channel: z.string(),
  channel_name: z.string(),
  frequency: ZDigestFrequency,
  weekday: z.number().int(),
  time: z.string(),
  post_to_channel: z.boolean(),
  /** True when no schedule was saved yet (the defaults are shown). */
  configured: z.boolean(),
  subscribers: z.array(z.object({ slack_user_id: z.string(), name: z.string().nullable() })),
  /** Whether the signed-in user (their Slack account found by e-mail) subscribed; null when not looked up. */
  subscribed: z.boolean().nullable(),
  next_at: z.string().nullable(),
  last_run: z
    .object({
      period_key: z.string(),
      status: z.string(),
      mode: z.string(),
      message_count: z.number().int(),
      at: z.string(),
    })
    .nullable(),
});
export type TDigestChannel = z.infer<typeof ZDigestChannel>;
export const ZDigestChannelList = z.object({ data: z.array(ZDigestChannel), can_manage: z.boolean() });
export const ZDigestChannelResponse = z.object({ success: z.literal(true), message: z.string(), data: ZDigestChannel });
