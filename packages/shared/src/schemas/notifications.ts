// Notification service (issue 30): the events catalogue, preferences, inbox and delivery log, shared by server and web.
import { z } from 'zod';
import { koNotifications } from '../messages/ko-notifications.ts';
import { koNotificationsUi } from '../messages/ko-notifications-ui.ts';

const v = koNotifications.validation;

export const NOTIFICATION_CHANNELS = ['inApp', 'mail', 'slack', 'webhook'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type TChannelSwitches = Record<TNotificationChannel, boolean>;

const ON_MAIL: TChannelSwitches = { inApp: true, mail: true, slack: false, webhook: false };
const IN_APP: TChannelSwitches = { inApp: true, mail: false, slack: false, webhook: false };

type TEventSpec = {
  /** The channels a person gets until they choose otherwise. */
  defaults: TChannelSwitches;
  /** Urgent notices are never held by quiet hours. */
  urgent: boolean;
  /** Security notices: the console and mail cannot be switched off. */
  locked: boolean;
};

/**
 * Every event the notification service knows, with its default channels, whether it is urgent (never held by quiet
 * hours) and whether it can be switched off. The Korean labels are `ko.notifications.events[<name>]`.
 */
export const NOTIFICATION_EVENTS = {
  'rooms.reminder': { defaults: ON_MAIL, urgent: false, locked: false },
  'rooms.released': { defaults: ON_MAIL, urgent: false, locked: false },
  'rooms.minutes-items': { defaults: ON_MAIL, urgent: false, locked: false },
  'meal.round-opened': { defaults: IN_APP, urgent: false, locked: false },
  'meal.closing-soon': { defaults: ON_MAIL, urgent: false, locked: false },
  'meal.closed': { defaults: IN_APP, urgent: false, locked: false },
  'meal.drawn': { defaults: ON_MAIL, urgent: false, locked: false },
  'meal.unpaid-share': { defaults: ON_MAIL, urgent: false, locked: false },
  'meal.payment-reminder': { defaults: ON_MAIL, urgent: false, locked: false },
  'meal.transfer': { defaults: ON_MAIL, urgent: false, locked: false },
  'chatbot.handoff': { defaults: ON_MAIL, urgent: false, locked: false },
  'api-builder.errors': { defaults: ON_MAIL, urgent: false, locked: false },
  'api-builder.usage-threshold': { defaults: ON_MAIL, urgent: false, locked: false },
  'billing.payment-succeeded': { defaults: IN_APP, urgent: false, locked: false },
  'billing.payment-failed': { defaults: ON_MAIL, urgent: true, locked: true },
  'billing.plan-changed': { defaults: ON_MAIL, urgent: false, locked: false },
  'billing.card-expiring': { defaults: ON_MAIL, urgent: false, locked: false },
  'billing.transfer-waiting': { defaults: ON_MAIL, urgent: false, locked: false },
  'billing.tax-invoice': { defaults: ON_MAIL, urgent: false, locked: false },
  'security.new-sign-in': { defaults: ON_MAIL, urgent: true, locked: true },
  'security.second-factor-changed': { defaults: ON_MAIL, urgent: true, locked: true },
  'security.password-changed': { defaults: ON_MAIL, urgent: true, locked: true },
} as const satisfies Record<string, TEventSpec>;

export const NOTIFICATION_EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as [TNotificationEvent, ...TNotificationEvent[]];
export type TNotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const ZNotificationEvent = z.enum(NOTIFICATION_EVENT_NAMES, { error: v.event });

const flag = z.boolean({ error: v.channel });
export const ZChannelSwitches = z.strictObject({ inApp: flag, mail: flag, slack: flag, webhook: flag }, { error: v.channel });
const time = z.string({ error: v.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time);
export const ZQuietHours = z
  .strictObject({ start: time, end: time }, { error: v.time })
  .refine((q) => q.start !== q.end, { message: v.sameTimes, path: ['end'] });

/** GET|PUT /api/me/notification-preferences?seedId= : the answer (every event listed). */
export const ZNotificationPreferences = z.object({
  events: z.record(ZNotificationEvent, ZChannelSwitches),
  quietHours: ZQuietHours.nullable(),
  digest: z.boolean(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/**
 * PUT body: any of the three parts; `events` may name some events only (the others keep their setting). Turning the
 * console or mail off for a security event is refused with 400 (decision 051), not silently kept on.
 */
export const ZNotificationPreferencesInput = z
  .strictObject({
    events: z.partialRecord(ZNotificationEvent, ZChannelSwitches, { error: v.event }).optional(),
    quietHours: ZQuietHours.nullable().optional(),
    digest: z.boolean({ error: v.digest }).optional(),
  })
  .superRefine((input, ctx) => {
    for (const [name, switches] of Object.entries(input.events ?? {})) {
      if (!switches || !NOTIFICATION_EVENTS[name as TNotificationEvent].locked) continue;
      if (!switches.inApp || !switches.mail) ctx.addIssue({ code: 'custom', message: v.securityLocked, path: ['events', name] });
    }
  });
export type TNotificationPreferencesInput = z.input<typeof ZNotificationPreferencesInput>;

export const ZNotificationPreferencesQuery = z.object({ seedId: z.uuid(v.seedId).optional() });

export const ZNotice = z.object({
  id: z.uuid(),
  event: ZNotificationEvent,
  seedId: z.uuid().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

/** GET /api/me/notifications?unread=true&limit=&cursor= (newest first). */
export const ZNoticesQuery = z.object({
  unread: z.enum(['true', 'false'], { error: v.status }).optional(),
  limit: z.coerce.number({ error: v.limit }).int(v.limit).min(1, v.limit).max(100, v.limit).default(30),
  cursor: z.uuid(v.cursor).optional(),
});
export const ZNoticesResponse = z.object({ data: z.array(ZNotice), unread: z.number().int(), nextCursor: z.uuid().nullable() });

/** POST /api/me/notifications/read { ids }: only the caller's own notices are marked; other ids are ignored. */
export const ZMarkReadInput = z.strictObject({ ids: z.array(z.uuid(v.id), { error: v.ids }).min(1, v.ids).max(200, v.ids) });
export const ZMarkReadResponse = z.object({ message: z.string(), marked: z.number().int(), unread: z.number().int() });

export const DELIVERY_STATUSES = ['pending', 'held', 'sending', 'retrying', 'sent', 'failed', 'digested', 'unavailable'] as const;
export const ZDeliveryStatus = z.enum(DELIVERY_STATUSES, { error: v.status });

export const ZDelivery = z.object({
  id: z.number().int(),
  noticeId: z.uuid(),
  userId: z.uuid(),
  event: ZNotificationEvent,
  channel: z.enum(NOTIFICATION_CHANNELS),
  status: ZDeliveryStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/admin/notifications/deliveries (platform admins; newest first). */
export const ZDeliveriesQuery = z.object({
  status: ZDeliveryStatus.optional(),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: v.status }).optional(),
  limit: z.coerce.number({ error: v.limit }).int(v.limit).min(1, v.limit).max(100, v.limit).default(50),
});
export const ZDeliveriesResponse = z.object({ data: z.array(ZDelivery) });

const webhookUrlMessage = koNotificationsUi.validation.webhookUrl;

/**
 * PUT /api/me/notification-webhook { url }: where the person's webhook notices go (http or https, no credentials in
 * the address). The server also checks the host through the outbound guard before saving it.
 */
export const ZNotificationWebhookInput = z.strictObject(
  {
    url: z
      .url({ protocol: /^https?$/, error: webhookUrlMessage })
      .max(2000, webhookUrlMessage)
      .refine((u) => !/^[a-z]+:\/\/[^/?#]*@/i.test(u), webhookUrlMessage),
  },
  { error: webhookUrlMessage },
);
export type TNotificationWebhookInput = z.infer<typeof ZNotificationWebhookInput>;

/** GET /api/me/notification-webhook: the address (never the secret), or null. */
export const ZNotificationWebhook = z.object({ url: z.string().nullable() });
export type TNotificationWebhook = z.infer<typeof ZNotificationWebhook>;

/** PUT's answer: the signing secret, generated by the server and shown this once. */
export const ZNotificationWebhookSaved = z.object({ message: z.string(), url: z.string(), secret: z.string() });
export type TNotificationWebhookSaved = z.infer<typeof ZNotificationWebhookSaved>;

/** DELETE /api/me/notification-webhook: the address and its secret are gone. */
export const ZNotificationWebhookRemoved = z.object({ message: z.string() });
