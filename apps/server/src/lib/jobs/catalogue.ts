/**
 * Every kind of deferred job and every periodic task of the app, in one place (docs/decisions/013-job-runner.md).
 * Modules register the handler of a kind (`jobs.register`) or of a schedule (`jobs.every`) next to their code; the
 * names, intervals and scopes are read here, and a test checks that what buildApp registers matches this list.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Deferred work: a row in `jobs`, claimed by one instance, retried with backoff. */
export const JOB_KINDS = {
  'rooms.reminder': 'Meeting reminder by mail and chat, the lead time before the start (key booking:<id>)',
  'rooms.release': 'Releases a booking nobody checked in to, 10 minutes after the start (key booking:<id>)',
  'rooms.minutes-items':
    "Reads decisions and action items from a booking's saved minutes (language model or rules) and notifies who met (key minutes:<bookingId>)",
  'meal.remind': 'Notifies the members who have not answered, 10 minutes before the order deadline (key meal:<id>)',
  'meal.close': 'Closes a round at its order deadline (key meal:<id>)',
  'knowledge.refetch-url': 'Fetches a knowledge web page again on its schedule',
  'knowledge.rekey': 'Rebuilds the search keys of documents indexed by an older key version',
  'chatbot.handoff-slack': 'Tells the Slack channel that a visitor asked for a person (one ticket, or a digest count)',
  'chatbot.handoff-mail':
    "Mails the seed's team the bot's hand-offs not yet told of: at once for a window's first, one digest at the window's end (key chatbot-handoff:<botId>)",
  'chatbot.cap-notice': "Mails the seed's team that a bot used up its bot-wide question budget (at most once a day per bot)",
  'notifications.deliver':
    'Sends one notice to one channel (mail, webhook), at once or when the quiet hours end; a sent delivery is never sent again (key notification:<deliveryId>)',
  'notifications.digest': "Mails a person's notices held by the quiet hours as one digest when they end (key notification-digest:<userId>)",
  'alerts.deliver': 'Sends one alert notice (opened or resolved) to one mail recipient, Slack channel or webhook (key alert:<incidentId>)',
  'billing.charge': "Charges one invoice to the seed's card (Toss billing key, the invoice's Idempotency-Key), retried on timeouts (key invoice:<id>)",
  'privacy.export': "Builds one data export ZIP (a person's own or a seed owner's request) and mails the link (key privacy-export:<id>)",
  'calendar-sync.push': "Writes one booking to its organiser's connected Google/CalDAV calendars after a create, change or cancel (key calendar:<bookingId>)",
  'help.sync-bot': "Creates the help centre's own chatbot if missing and makes its FAQ entries the help articles (key help:sync-bot, enqueued at start-up)",
} as const;

/**
 * Periodic work. `cluster`: one instance per interval does it (a shared-state claim), and only instances that poll
 * jobs (JOBS_INTERVAL_MS > 0). `instance`: every instance does it for itself (its own buffers and queues).
 */
export type TScheduleSpec = { everyMs: number; scope: 'cluster' | 'instance'; firstAfterMs?: number };

export const SCHEDULES = {
  'jobs.purge-finished': { everyMs: HOUR, scope: 'cluster' },
  'auth.prune-expired': { everyMs: HOUR, scope: 'cluster' },
  'admin.purge-deleted-users': { everyMs: HOUR, scope: 'cluster' },
  'slack.mirror-retention': { everyMs: HOUR, scope: 'cluster' },
  'chatbot.purge-tickets': { everyMs: HOUR, scope: 'cluster' },
  'notifications.purge-old': { everyMs: HOUR, scope: 'cluster' },
  // Members who still owe for a round three days after its bill: one notice per person and round (meal-unpaid.ts).
  'meal.unpaid-shares': { everyMs: HOUR, scope: 'cluster' },
  // Members who still owe, on their seed's reminder schedule (every N days at an hour in Seoul): one notice per seed, person and day (meal-reminders.ts).
  'meal.payment-reminders': { everyMs: HOUR, scope: 'cluster' },
  // Seeds whose API keys passed the day's call threshold: one notice a day to their managers (api-builder/api-alerts.ts).
  'api-builder.usage-alerts': { everyMs: 5 * MINUTE, scope: 'cluster' },
  'alerts.evaluate': { everyMs: MINUTE, scope: 'cluster' },
  'rooms.adopt-legacy-jobs': { everyMs: MINUTE, scope: 'cluster' },
  // Channel digests whose time has come (Asia/Seoul): each period claimed once in slack_digest_runs, then posted (decision 087).
  'slack.digests': { everyMs: MINUTE, scope: 'cluster' },
  'slack.sweep-pending': { everyMs: MINUTE, scope: 'instance' },
  // Threads whose mirrored messages changed, re-indexed as conversation passages (decision 085): edits and deletions within a minute.
  'slack.conversations-index': { everyMs: MINUTE, scope: 'cluster' },
  // Google Drive and Notion connectors re-synced (decision 089).
  'knowledge.connectors-sync': { everyMs: 15 * MINUTE, scope: 'cluster' },
  'knowledge.embed-missing': { everyMs: MINUTE, scope: 'instance', firstAfterMs: 1_000 },
  'usage.flush': { everyMs: 5_000, scope: 'instance' },
  'api-builder.usage-flush': { everyMs: 5_000, scope: 'instance' },
  'traffic.flush': { everyMs: 15_000, scope: 'instance' },
  'traffic.purge': { everyMs: HOUR, scope: 'cluster' },
  // Each instance's heartbeat (monitoring: version, uptime, event-loop lag, memory, pool use, these schedules' last runs).
  'monitoring.heartbeat': { everyMs: 15_000, scope: 'instance' },
  // Billing (issue 31): this instance's metering journal into billing_events and billing_usage (exactly once by event id).
  'billing.metering-flush': { everyMs: 5_000, scope: 'instance' },
  // Gauges (stored knowledge, admin-builder apps): one reading per seed and day, the month keeps the largest.
  'billing.gauges': { everyMs: HOUR, scope: 'cluster', firstAfterMs: 30_000 },
  // Periods that ended: the next period's invoice, charges due, dunning steps, grace ends, waiting downgrades.
  'billing.cycle': { everyMs: 10 * MINUTE, scope: 'cluster' },
  // Cards whose last valid month is the next one: one notice per card and month.
  'billing.card-expiry': { everyMs: 6 * HOUR, scope: 'cluster' },
  // 세금계산서: last month's paid invoices issued by the 10th, and the state of those not yet 전송성공 polled.
  'billing.tax-invoices': { everyMs: HOUR, scope: 'cluster' },
  // Toss and Popbill webhook events older than 90 days (only applied events are stored; their ids stop duplicates).
  'billing.purge-webhooks': { everyMs: HOUR, scope: 'cluster' },
  // Privacy exports 24 h after ready: the file deleted, the row expired (its link stops).
  'privacy.expire-exports': { everyMs: HOUR, scope: 'cluster' },
  // Accounts whose 30-day deletion grace period has passed: erased by the data map (privacy/erasure.service.ts).
  'privacy.erase-due': { everyMs: 10 * MINUTE, scope: 'cluster' },
  // Rows past the data map's period (retention 'days'), deleted in batches; counts in an audit row (privacy.retention).
  'privacy.retention': { everyMs: HOUR, scope: 'cluster', firstAfterMs: 60_000 },
  // Calendar sync (issue 37): each connected Google/CalDAV calendar not synced for a minute (syncToken / sync-collection).
  'calendar-sync.poll': { everyMs: MINUTE, scope: 'cluster' },
  // Custom domains (issue 33): DNS checks of the domains whose next_check_at has come (pending/error back off from 1 min, connected hourly).
  'domains.check': { everyMs: MINUTE, scope: 'cluster' },
} as const satisfies Record<string, TScheduleSpec>;

export type TScheduleName = keyof typeof SCHEDULES;
