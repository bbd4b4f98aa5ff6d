import { ko } from '@suite/shared';
import type { TInstancesResponse } from '@suite/shared/schemas/monitoring';
import { Badge } from '@/components/ui/badge';
import { formatBytes, formatDuration, formatMs, formatWhen } from '../lib/health-format';

const h = ko.monitoring.health;

/** Readiness of PostgreSQL (or PGlite) and Redis (or in-process state), as the answering instance sees them. */
export function ReadinessBadges({ readiness }: { readiness: TInstancesResponse['readiness'] }) {
  const items = [
    { label: h.database, engine: h.engine[readiness.database.kind], ready: readiness.database.ready, latencyMs: readiness.database.latencyMs },
    { label: h.redis, engine: h.engine[readiness.redis.kind], ready: readiness.redis.ready, latencyMs: readiness.redis.latencyMs },
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label={h.readiness}>
      {items.map((i) => (
        <li key={i.label} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm" data-testid="readiness" data-ready={i.ready}>
          <span className="font-medium">{i.label}</span>
          <span className="text-muted-foreground">{i.engine}</span>
          <Badge variant={i.ready ? 'success' : 'destructive'}>{i.ready ? h.ready : h.notReady}</Badge>
          {i.latencyMs !== null ? <span className="tabular-nums text-xs text-muted-foreground">{h.latency(i.latencyMs)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="tabular-nums text-right">{children}</dd>
    </div>
  );
}

/** One card per instance that reported in the last hour: up (heard from within 45 s) or gone. */
export function InstanceCards({ instances }: { instances: TInstancesResponse['instances'] }) {
  if (!instances.length) return <p className="text-sm text-muted-foreground">{h.noInstances}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {instances.map((i) => (
        <li key={i.id} className="grid gap-2 rounded-md border p-3 text-sm" data-testid="instance" data-status={i.status}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all font-medium">
              {i.host} · {i.pid}
            </span>
            <span className="flex items-center gap-1">
              {i.self ? <Badge variant="outline">{h.self}</Badge> : null}
              <Badge variant={i.status === 'up' ? 'success' : 'destructive'}>{i.status === 'up' ? h.up : h.gone}</Badge>
            </span>
          </div>
          <dl className="grid gap-1">
            <Row term={h.version}>{i.version}</Row>
            <Row term={h.uptime}>{formatDuration(i.uptimeSeconds)}</Row>
            <Row term={h.lag}>{h.lagValue(formatMs(i.eventLoopLagMs.mean), formatMs(i.eventLoopLagMs.p99))}</Row>
            <Row term={h.memory}>{h.memoryValue(formatBytes(i.memory.rssBytes), formatBytes(i.memory.heapUsedBytes))}</Row>
            <Row term={h.pool}>{i.pool ? h.poolValue(i.pool.total, i.pool.max, i.pool.idle, i.pool.waiting) : h.noPool}</Row>
          </dl>
          <p className="text-xs text-muted-foreground">
            {h.lastSeen(formatWhen(i.seenAt))} · <span className="break-all">{i.id.slice(0, 8)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
