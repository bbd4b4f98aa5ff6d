import { ko } from '@suite/shared';
import type { TOutsideService } from '@suite/shared/schemas/monitoring';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { Badge } from '@/components/ui/badge';
import { formatWhen } from '../lib/health-format';

const h = ko.monitoring.health;

function state(s: TOutsideService): { label: string; variant: 'muted' | 'destructive' | 'success' | 'outline' } {
  if (!s.configured) return { label: h.notConfigured, variant: 'muted' };
  if (s.failing) return { label: h.failing, variant: 'destructive' };
  if (s.lastSuccessAt) return { label: h.healthy, variant: 'success' };
  return { label: h.configured, variant: 'outline' };
}

/** SMTP, Slack, the language model and the sign-in providers: configured or not, last success and last failure. */
export function ServicesTable({ services }: { services: TOutsideService[] }) {
  return (
    <ScrollRegion label={h.services} className="rounded-md border" tableClassName="w-full min-w-[40rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [h.service, 'px-3 py-2 font-medium'],
              [h.status, 'px-3 py-2 font-medium'],
              [h.lastSuccess, 'px-3 py-2 font-medium'],
              [h.lastFailure, 'px-3 py-2 font-medium'],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {services.map((s) => {
          const st = state(s);
          return (
            <tr key={s.service} className="border-t align-top" data-testid="service" data-service={s.service} data-state={st.label}>
              <td className="whitespace-nowrap px-3 py-2 font-medium">{h.serviceNames[s.service]}</td>
              <td className="px-3 py-2">
                <Badge variant={st.variant}>{st.label}</Badge>
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{s.lastSuccessAt ? formatWhen(s.lastSuccessAt) : s.configured ? h.noCalls : h.none}</td>
              <td className="px-3 py-2">
                {s.lastFailureAt ? (
                  <div className="grid gap-0.5">
                    <span className="whitespace-nowrap tabular-nums">{formatWhen(s.lastFailureAt)}</span>
                    {s.lastError ? <span className="break-all text-xs text-muted-foreground">{s.lastError}</span> : null}
                    {s.failing && s.failuresInRow > 1 ? <span className="text-xs text-destructive">{h.failuresInRow(s.failuresInRow)}</span> : null}
                  </div>
                ) : (
                  h.none
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollRegion>
  );
}
