/**
 * Advisors (issue 30): findings computed from this installation's own configuration and state, each with why it
 * matters and how to fix it. Each check runs on every request; the API-builder connection check (network) is bounded
 * and cached by the API builder's own service.
 */
import type { FastifyInstance } from 'fastify';
import { ko, type TAdvisorFinding, type TAdvisorId, type TAdvisorSeverity, type TAdvisorsResponse } from '@suite/shared';
import { isPrivateAddress } from '../../lib/outbound-guard.ts';
import type { TAlertsDeps } from './alerts.deps.ts';
import * as repo from './alerts.repository.ts';

const t = ko.alerts.advisors;
const FORWARDED_KEY = 'alerts:forwarded-seen';
const FORWARDED_TTL_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Notes, at most once a minute per instance, that a request arrived with X-Forwarded-For while TRUST_PROXY is unset
 * (a flag in the shared state for a day, so any instance's advisors see it). Nothing is kept when a proxy is trusted.
 * The header counts only when the direct peer is a loopback or private address (a proxy in front of the server): anyone
 * on the internet can send the header, and a public peer talking to the server directly shows there is no proxy.
 */
export function watchForwardedFor(app: FastifyInstance, deps: Pick<TAlertsDeps, 'state' | 'config' | 'now' | 'log'>): void {
  if (deps.config.trustProxy !== false) return;
  let last = 0;
  app.addHook('onRequest', (request, _reply, done) => {
    const peer = request.socket.remoteAddress;
    if (request.headers['x-forwarded-for'] !== undefined && peer !== undefined && isPrivateAddress(peer)) {
      const now = deps.now().getTime();
      if (now - last >= 60_000) {
        last = now;
        deps.state
          .setValue(FORWARDED_KEY, new Date(now).toISOString(), FORWARDED_TTL_MS)
          .catch((err: unknown) => deps.log.warn({ err }, 'advisors: flag not kept'));
      }
    }
    done();
  });
}

function finding(id: TAdvisorId, severity: TAdvisorSeverity, detail: string | null = null): TAdvisorFinding {
  const item = t.items[id];
  return { id, severity, title: item.title, why: item.why, fix: item.fix, detail };
}

const seoul = (d: Date) => d.toLocaleString('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'short' });

/** A failing check is logged and left out, never turned into a finding it did not make. */
async function guarded<T>(deps: TAlertsDeps, name: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    deps.log.warn({ err, check: name }, 'advisors: check failed');
    return undefined;
  }
}

export async function computeAdvisors(deps: TAlertsDeps): Promise<TAdvisorsResponse> {
  const now = deps.now();
  const { config } = deps;
  const [forwarded, lastBackup, connections, slack, admins, size] = await Promise.all([
    config.trustProxy === false ? guarded(deps, 'forwarded', () => deps.state.getValue(FORWARDED_KEY)) : undefined,
    guarded(deps, 'backup', () => deps.sources.lastBackupAt()),
    guarded(deps, 'api-builder', () => deps.sources.unreachableConnections()),
    guarded(deps, 'slack', () => deps.sources.revokedSlackWorkspaces()),
    guarded(deps, 'second-factor', () => deps.sources.adminsWithoutSecondFactor()),
    deps.embedded ? guarded(deps, 'size', () => repo.databaseSize(deps.db)) : undefined,
  ]);
  const findings: TAdvisorFinding[] = [];
  if (forwarded) findings.push(finding('trust-proxy', 'warning'));
  if (config.isProduction && !config.smtpUrl) findings.push(finding('smtp-missing', 'critical'));
  if (lastBackup !== undefined && (lastBackup === null || now.getTime() - lastBackup.getTime() > DAY_MS))
    findings.push(finding('backup-missing', 'warning', lastBackup ? t.detail.lastBackup(seoul(lastBackup)) : t.detail.noBackupYet));
  if (connections?.length) findings.push(finding('api-builder-unreachable', 'warning', t.detail.names(connections)));
  if (slack?.length) findings.push(finding('slack-revoked', 'warning', t.detail.names(slack)));
  if (size !== undefined && size > deps.embeddedDbLimitBytes) {
    const mb = (n: number) => Math.round(n / 1024 ** 2);
    findings.push(finding('embedded-db-large', 'info', t.detail.databaseSize(mb(size), mb(deps.embeddedDbLimitBytes))));
  }
  if (admins?.length) findings.push(finding('admin-no-second-factor', 'critical', t.detail.names(admins)));
  const order: Record<TAdvisorSeverity, number> = { critical: 0, warning: 1, info: 2 };
  findings.sort((a, b) => order[a.severity] - order[b.severity]);
  return { checkedAt: now.toISOString(), findings };
}
