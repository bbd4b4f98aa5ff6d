/**
 * Alert rules and their incidents (issue 30). Every minute one instance evaluates each enabled rule (a cluster
 * schedule on the job runner); an incident opens once when the condition starts (one open incident per rule, by a
 * unique index, so a second instance evaluating the same minute opens nothing and sends nothing) and is resolved
 * when it ends. Each notice is one job per channel and recipient (mail, a Slack channel of a seed's workspace, a
 * webhook signed with HMAC-SHA256 as the notification service signs), so it is sent once and retried on failure.
 */
import { randomBytes } from 'node:crypto';
import {
  ko,
  ZAlertRuleWhole,
  type TAlertIncident,
  type TAlertRule,
  type TAlertRulePatch,
  type TAlertRuleSaved,
  type TAlertRuleValues,
  type TAlertsResponse,
} from '@suite/shared';
import type { TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { OutboundGuardError, resolveGuardedHost } from '../../lib/outbound-guard.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import type { TAlertsDeps, TTrafficSummary } from './alerts.deps.ts';
import { computeAdvisors } from './advisors.service.ts';
import * as repo from './alerts.repository.ts';

export { computeAdvisors, watchForwardedFor } from './advisors.service.ts';

const t = ko.alerts;
export const DELIVER_KIND = 'alerts.deliver';
const MAX_RULES = 50;

function toRule(row: repo.TRuleRow, firing: boolean): TAlertRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as TAlertRule['kind'],
    threshold: row.threshold,
    windowMinutes: row.windowMinutes,
    channels: row.channels,
    enabled: row.enabled,
    firing,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAlerts(deps: TAlertsDeps): Promise<TAlertsResponse> {
  const [rules, open, recent, slackSeeds] = await Promise.all([
    repo.listRules(deps.db),
    repo.openIncidents(deps.db),
    repo.recentIncidents(deps.db, 50),
    deps.slack.targets().catch((err: unknown) => {
      deps.log.warn({ err }, 'alerts: Slack targets unavailable');
      return [];
    }),
  ]);
  const firing = new Set(open.map((i) => i.ruleId));
  const incidents: TAlertIncident[] = recent.map(({ incident: i, ruleName, kind }) => ({
    id: i.id,
    ruleId: i.ruleId,
    ruleName,
    kind: kind as TAlertIncident['kind'],
    openedAt: i.openedAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    value: i.value,
    threshold: i.threshold,
    detail: i.detail,
  }));
  return { rules: rules.map((r) => toRule(r, firing.has(r.id))), incidents, slackSeeds };
}

/** The webhook's host must pass the outbound guard; the Slack seed must have a workspace that can post. */
async function checkChannels(deps: TAlertsDeps, channels: TAlertRuleValues['channels']): Promise<void> {
  if (channels.webhook) {
    try {
      await resolveGuardedHost(new URL(channels.webhook).hostname, { allowPrivate: deps.config.allowPrivateUrls });
    } catch (e) {
      if (!(e instanceof OutboundGuardError)) throw e;
      throw new AppError('BAD_REQUEST', e.reason === 'unresolvable' ? t.server.webhookUnresolvable : t.server.webhookBlocked);
    }
  }
  if (channels.slack) {
    const targets = await deps.slack.targets();
    if (!targets.some((s) => s.seedId === channels.slack!.seedId)) throw new AppError('BAD_REQUEST', t.server.slackNotConnected);
  }
}

const newSecret = () => randomBytes(32).toString('base64url');

export async function createRule(deps: TAlertsDeps, actorId: string, input: TAlertRuleValues): Promise<TAlertRuleSaved> {
  if ((await repo.countRules(deps.db)) >= MAX_RULES) throw new AppError('BAD_REQUEST', t.server.tooMany);
  await checkChannels(deps, input.channels);
  const secret = input.channels.webhook ? newSecret() : null;
  const row = await repo.insertRule(deps.db, {
    ...input,
    webhookSecret: secret ? encryptSecret(deps.config.encryptionKey, secret) : null,
    createdBy: actorId,
    at: deps.now(),
  });
  return { rule: toRule(row, false), webhookSecret: secret };
}

export async function updateRule(deps: TAlertsDeps, id: string, patch: TAlertRulePatch): Promise<TAlertRuleSaved> {
  const row = await repo.findRule(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', t.server.notFound);
  const merged = ZAlertRuleWhole.safeParse({
    name: patch.name ?? row.name,
    kind: patch.kind ?? row.kind,
    threshold: patch.threshold ?? row.threshold,
    windowMinutes: patch.windowMinutes ?? row.windowMinutes,
    channels: patch.channels ?? row.channels,
    enabled: patch.enabled ?? row.enabled,
  });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw new AppError('VALIDATION_FAILED', issue?.message, { details: merged.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
  }
  const values = merged.data;
  if (patch.channels) await checkChannels(deps, values.channels);
  const webhookChanged = values.channels.webhook !== row.channels.webhook;
  const secret = webhookChanged && values.channels.webhook ? newSecret() : null;
  const sealed = !values.channels.webhook ? null : secret ? encryptSecret(deps.config.encryptionKey, secret) : row.webhookSecret;
  const saved = await repo.updateRule(deps.db, id, { ...values, webhookSecret: sealed }, deps.now());
  if (!saved) throw new AppError('NOT_FOUND', t.server.notFound);
  const open = await repo.openIncidents(deps.db);
  return {
    rule: toRule(
      saved,
      open.some((i) => i.ruleId === id),
    ),
    webhookSecret: secret,
  };
}

export async function deleteRule(deps: TAlertsDeps, id: string): Promise<{ message: string }> {
  if (!(await repo.deleteRule(deps.db, id))) throw new AppError('NOT_FOUND', t.server.notFound);
  return { message: t.server.deleted };
}

// ---- evaluation ----

type TMeasure = { firing: boolean; value: number; detail: string | null };

const round = (n: number) => Math.round(n * 100) / 100;

/** Evaluates every rule once; returns how many incidents this call opened and resolved. */
export async function evaluate(deps: TAlertsDeps): Promise<{ opened: number; resolved: number }> {
  const now = deps.now();
  const [rules, open] = await Promise.all([repo.listRules(deps.db), repo.openIncidents(deps.db)]);
  const openByRule = new Map(open.map((i) => [i.ruleId, i]));
  // Figures shared by rules with the same window (one query each per pass).
  const traffic = new Map<number, Promise<TTrafficSummary>>();
  const summary = (minutes: number) => {
    if (!traffic.has(minutes)) traffic.set(minutes, deps.sources.trafficSummary(new Date(now.getTime() - minutes * 60_000), now));
    return traffic.get(minutes)!;
  };
  let services: ReturnType<TAlertsDeps['sources']['failingServices']> | undefined;
  let advisors: ReturnType<typeof computeAdvisors> | undefined;

  async function measure(rule: repo.TRuleRow): Promise<TMeasure> {
    const th = rule.threshold;
    switch (rule.kind) {
      case '5xx-rate': {
        const s = await summary(rule.windowMinutes);
        const rate = s.requests ? (100 * s.serverErrors) / s.requests : 0;
        return { firing: s.requests > 0 && rate >= th, value: round(rate), detail: t.details.serverErrors(s.serverErrors, s.requests) };
      }
      case 'p95-latency': {
        const s = await summary(rule.windowMinutes);
        return { firing: s.p95Ms !== null && s.p95Ms >= th, value: round(s.p95Ms ?? 0), detail: null };
      }
      case 'failed-jobs': {
        const n = await deps.sources.failedJobCount(new Date(now.getTime() - rule.windowMinutes * 60_000));
        return { firing: n >= th, value: n, detail: null };
      }
      case 'service-failing': {
        services ??= deps.sources.failingServices();
        const over = (await services).filter((s) => s.failuresInRow >= th);
        return { firing: over.length > 0, value: Math.max(0, ...over.map((s) => s.failuresInRow)), detail: over.map((s) => s.service).join(', ') || null };
      }
      case 'advisor': {
        advisors ??= computeAdvisors(deps);
        const { findings } = await advisors;
        return { firing: findings.length >= th, value: findings.length, detail: findings.map((f) => f.title).join(', ') || null };
      }
      default:
        return { firing: false, value: 0, detail: null };
    }
  }

  let opened = 0;
  let resolved = 0;
  for (const rule of rules) {
    const current = openByRule.get(rule.id);
    if (!rule.enabled) {
      // A rule switched off ends its incident without a notice (nobody asked to hear about it any more).
      if (current && (await repo.resolveIncident(deps.db, current.id, now, async () => undefined))) resolved++;
      continue;
    }
    let m: TMeasure;
    try {
      m = await measure(rule);
    } catch (err) {
      deps.log.warn({ err, ruleId: rule.id }, 'alerts: rule not evaluated');
      continue;
    }
    if (m.firing && !current) {
      const row = await repo.openIncident(deps.db, { ruleId: rule.id, at: now, value: m.value, threshold: rule.threshold, detail: m.detail }, (tx, incident) =>
        enqueueNotices(deps, tx, rule, incident.id, 'opened'),
      );
      if (row) opened++;
    } else if (!m.firing && current) {
      const row = await repo.resolveIncident(deps.db, current.id, now, (tx, incident) => enqueueNotices(deps, tx, rule, incident.id, 'resolved'));
      if (row) resolved++;
    }
  }
  return { opened, resolved };
}

type TNoticeEvent = 'opened' | 'resolved';

/** One delivery job per mail recipient, Slack channel and webhook, in the transaction that opened or resolved the incident. */
async function enqueueNotices(deps: TAlertsDeps, tx: TTx, rule: repo.TRuleRow, incidentId: string, event: TNoticeEvent): Promise<void> {
  const runAt = deps.now();
  const targets: { channel: string; to?: string }[] = [
    ...rule.channels.mail.map((to) => ({ channel: 'mail', to })),
    ...(rule.channels.slack ? [{ channel: 'slack' }] : []),
    ...(rule.channels.webhook ? [{ channel: 'webhook' }] : []),
  ];
  for (const target of targets) {
    await deps.jobs.enqueue(tx, {
      kind: DELIVER_KIND,
      key: `alert:${incidentId}`,
      payload: { incidentId, event, ...target },
      runAt,
    });
  }
}

const seoul = (d: Date) => d.toLocaleString('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'medium' });

function shown(kind: string, value: number): string {
  const unit = t.values[kind as keyof typeof t.values];
  return unit ? unit(value) : String(value);
}

/** Sends one notice to one channel (the job runner retries a throw). A rule deleted since has nothing left to send. */
export async function deliver(deps: TAlertsDeps, payload: Record<string, unknown>): Promise<void> {
  const found = await repo.findIncident(deps.db, String(payload.incidentId ?? ''));
  if (!found) return;
  const { incident, rule } = found;
  const event = payload.event === 'resolved' ? 'resolved' : 'opened';
  const link = `${deps.config.appUrl}/admin/monitoring`;
  const subject = event === 'opened' ? t.notice.openedSubject(rule.name) : t.notice.resolvedSubject(rule.name);
  const minutes = Math.max(1, Math.round(((incident.resolvedAt ?? deps.now()).getTime() - incident.openedAt.getTime()) / 60_000));
  const body =
    event === 'opened'
      ? t.notice.opened(
          rule.name,
          shown(rule.kind, incident.value),
          t.units[rule.kind as keyof typeof t.units]?.(incident.threshold) ?? String(incident.threshold),
          seoul(incident.openedAt),
        )
      : t.notice.resolved(rule.name, seoul(incident.resolvedAt ?? deps.now()), minutes);
  const text = [body, incident.detail && event === 'opened' ? incident.detail : null, t.notice.link(link)].filter(Boolean).join('\n');
  switch (payload.channel) {
    case 'mail': {
      const to = String(payload.to ?? '');
      if (!rule.channels.mail.includes(to)) return;
      const html = text
        .split('\n')
        .map((l) => `<p>${l.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
        .join('');
      await deps.mailer.send({ to, subject, text, html, links: [link] });
      return;
    }
    case 'slack': {
      const target = rule.channels.slack;
      if (!target) return;
      const posted = await deps.slack.post(target.seedId, target.channel, `${subject}\n${text}`);
      if (!posted) deps.log.warn({ ruleId: rule.id }, 'alerts: the seed has no Slack workspace that can post; notice not sent to Slack');
      return;
    }
    case 'webhook': {
      if (!rule.channels.webhook || !rule.webhookSecret) return;
      const secret = decryptSecret(deps.config.encryptionKey, rule.webhookSecret);
      const message = {
        event: `alert.${event}`,
        rule: { id: rule.id, name: rule.name, kind: rule.kind, threshold: rule.threshold, windowMinutes: rule.windowMinutes },
        incident: {
          id: incident.id,
          openedAt: incident.openedAt.toISOString(),
          resolvedAt: incident.resolvedAt?.toISOString() ?? null,
          value: incident.value,
          detail: incident.detail,
        },
        text: `${subject}\n${body}`,
        link,
      };
      await deps.postWebhook(rule.channels.webhook, secret, message, { allowPrivate: deps.config.allowPrivateUrls, now: deps.now() });
      return;
    }
  }
}
