import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TTokenSpend, TTrafficWindow } from '@suite/shared/schemas/traffic';
import { ErrorAlert } from '@/components/error-alert';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSpend } from '../api/get-spend';
import { count, percent } from '../lib/traffic-format';
import { Part } from './traffic-parts';
import { WindowSwitcher } from './window-switcher';

const sp = ko.traffic.spend;
const TH = 'px-2 py-1.5 text-left font-medium';
const THR = 'px-2 py-1.5 text-right font-medium';
const TD = 'px-2 py-1.5';
const TDR = 'px-2 py-1.5 text-right tabular-nums';

/** Used against a limit: a bar (red from 90 %) and the figures; no bar without a limit. */
export function UsageBar({ used, limit, label }: { used: number; limit: number; label: string }) {
  if (limit <= 0) return <span className="text-xs text-muted-foreground">{sp.noBudget}</span>;
  const ratio = used / limit;
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
      >
        <div className={`h-full ${ratio >= 0.9 ? 'bg-destructive' : 'bg-primary'}`} style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground">{percent(ratio)}</span>
    </div>
  );
}

export function TokensTable({ tokens, showSeed }: { tokens: TTokenSpend[]; showSeed: boolean }) {
  return (
    <ScrollRegion label={sp.tokens} className="rounded-md border" tableClassName="w-full min-w-[32rem] text-sm">
      <thead className="bg-muted/50 text-xs text-muted-foreground">
        <tr>
          <HeadCells cells={[[sp.workspace, TH], ...(showSeed ? [[sp.seed, TH] as const] : []), [sp.used, THR], [sp.budget, THR], ['', TH]]} />
        </tr>
      </thead>
      <tbody>
        {tokens.map((t) => (
          <tr key={t.workspaceId} className="border-t">
            <td className={TD}>{t.teamName}</td>
            {showSeed ? <td className={TD}>{t.seedName ?? sp.unknownSeed}</td> : null}
            <td className={TDR}>{count(t.used)}</td>
            <td className={TDR}>{t.budget > 0 ? count(t.budget) : sp.noBudget}</td>
            <td className={TD}>{t.budget > 0 ? <UsageBar used={t.used} limit={t.budget} label={`${t.teamName} ${sp.used}`} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

/**
 * The operator's spend section: language-model tokens per Slack workspace this month against its budget, mails per
 * seed against the hourly quota, and the requests the rate limits refused.
 */
export function SpendSection() {
  const [window, setWindow] = useState<TTrafficWindow>('24h');
  const q = useSpend(window);
  const w = ko.traffic.windows[window];
  const d = q.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{sp.title}</CardTitle>
          {d ? <CardDescription>{sp.quotaPerSeed(d.mailQuota.perSeedHourly)}</CardDescription> : null}
        </div>
        <WindowSwitcher value={window} onChange={setWindow} label={ko.traffic.traffic.windowLabel} />
      </CardHeader>
      <CardContent className="grid gap-8">
        {q.error ? <ErrorAlert message={`${sp.loadFailed} ${q.error.message}`} error={q.error} /> : null}
        {d ? (
          <>
            <Part title={sp.tokens}>
              {d.tokens.length ? <TokensTable tokens={d.tokens} showSeed /> : <p className="text-sm text-muted-foreground">{sp.tokensNone}</p>}
            </Part>
            <Part title={sp.mails(w)}>
              {d.mails.length ? (
                <ScrollRegion label={sp.mails(w)} className="rounded-md border" tableClassName="w-full min-w-[32rem] text-sm">
                  <thead className="bg-muted/50 text-xs text-muted-foreground">
                    <tr>
                      <HeadCells
                        cells={[
                          [sp.seed, TH],
                          [sp.mailsWindow, THR],
                          [sp.mailsLastHour, THR],
                          ['', TH],
                        ]}
                      />
                    </tr>
                  </thead>
                  <tbody>
                    {d.mails.map((m) => (
                      <tr key={m.seedId} className="border-t">
                        <td className={TD}>{m.seedName ?? sp.unknownSeed}</td>
                        <td className={TDR}>{count(m.mails)}</td>
                        <td className={TDR}>{`${count(m.lastHour)} / ${count(d.mailQuota.perSeedHourly)}`}</td>
                        <td className={TD}>
                          <UsageBar used={m.lastHour} limit={d.mailQuota.perSeedHourly} label={`${m.seedName ?? ''} ${sp.mailsLastHour}`} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollRegion>
              ) : (
                <p className="text-sm text-muted-foreground">{sp.mailsNone}</p>
              )}
            </Part>
            <Part title={sp.rateLimited(w)}>
              {d.rateLimited.total ? (
                <div className="grid gap-2">
                  <p className="text-2xl font-semibold tabular-nums">{count(d.rateLimited.total)}</p>
                  <ul className="grid gap-1 text-sm">
                    {d.rateLimited.routes.map((r) => (
                      <li key={`${r.method} ${r.route}`} className="flex justify-between gap-3">
                        <span className="font-mono text-xs break-all">
                          <span className="mr-1.5 font-semibold">{r.method}</span>
                          {r.route}
                        </span>
                        <span className="tabular-nums">{count(r.count)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{sp.rateLimitedNone}</p>
              )}
            </Part>
          </>
        ) : q.isPending ? (
          <p className="text-sm text-muted-foreground">{ko.common.loading}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
