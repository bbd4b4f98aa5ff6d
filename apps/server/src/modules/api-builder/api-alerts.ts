/**
 * The API builder's notices (issue 30) to a seed's owner and admins, through the notification service:
 * - `api-builder.errors`: its published APIs answered API_BUILDER_ALERT_ERRORS_PER_HOUR server errors (5xx) within one
 *   clock hour. Counted in the shared state (every instance counts together; only error answers pay for it); the call
 *   that reaches the threshold tells them, once that hour (the notice's key names the hour).
 * - `api-builder.usage-threshold`: its keys made API_BUILDER_ALERT_CALLS_PER_DAY calls in a day (Asia/Seoul), read from
 *   the stored daily counts by the `api-builder.usage-alerts` schedule; once that day (the key names the day).
 * There are no plans or per-seed quotas yet, so both thresholds are the operator's, the same for every seed.
 */
import { ko } from '@suite/shared';
import { kstDay } from '../../lib/kst-day.ts';
import { notify } from '../notifications/notifications.service.ts';
import { managerIds } from '../seeds/seeds.service.ts';
import type { TDeps } from './api-builder.deps.ts';
import * as repo from './api-builder.repository.ts';

const n = ko.notifications.notices;
const HOUR_MS = 3_600_000;
const APIS_LINK = '/admin/services/api-builder/apis';
const OVERVIEW_LINK = '/admin/services/api-builder';

type TAlertDeps = Pick<TDeps, 'db' | 'state' | 'config' | 'ctx' | 'log' | 'notifications'>;

async function tellManagers(
  deps: TAlertDeps,
  seedId: string,
  event: 'api-builder.errors' | 'api-builder.usage-threshold',
  notice: { title: string; body: string; link: string; dedupeKey: string },
) {
  for (const userId of await managerIds(deps.db, seedId)) await notify(deps.notifications, event, { userId, seedId, ...notice });
}

/** After a published API answered a 5xx: counts it for the seed's hour; the one that reaches the threshold tells the managers. */
export async function noteServerError(deps: TAlertDeps, api: { seedId: string; internal: boolean }): Promise<void> {
  if (api.internal) return;
  try {
    const threshold = deps.config.apiBuilder.alertErrorsPerHour;
    const hour = Math.floor(deps.ctx.now().getTime() / HOUR_MS);
    const { count } = await deps.state.hit(`ab:5xx:${api.seedId}:${hour}`, HOUR_MS);
    if (count !== threshold) return;
    const since = new Date(hour * HOUR_MS + 9 * HOUR_MS).toISOString();
    const title = n.apiErrorsTitle(threshold);
    const body = n.apiErrorsBody(threshold, `${since.slice(0, 10)} ${since.slice(11, 16)}`);
    await tellManagers(deps, api.seedId, 'api-builder.errors', { title, body, link: APIS_LINK, dedupeKey: `api-builder-errors:${api.seedId}:${hour}` });
  } catch (err) {
    // The caller's answer (the 5xx) stands whatever happens here.
    deps.log.error({ err }, 'API builder: error notice failed');
  }
}

/** The `api-builder.usage-alerts` schedule: seeds over today's call threshold, each told once a day. */
export async function noticeUsage(deps: TAlertDeps): Promise<number> {
  const threshold = deps.config.apiBuilder.alertCallsPerDay;
  const day = kstDay(deps.ctx.now());
  const over = await repo.seedsOverCalls(deps.db, day, threshold);
  for (const { seedId, calls } of over) {
    const notice = {
      title: n.apiUsageTitle(threshold),
      body: n.apiUsageBody(day, calls, threshold),
      link: OVERVIEW_LINK,
      dedupeKey: `api-builder-usage:${seedId}:${day}`,
    };
    await tellManagers(deps, seedId, 'api-builder.usage-threshold', notice);
  }
  return over.length;
}
