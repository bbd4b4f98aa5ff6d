import { useState } from 'react';
import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { verifyDraw, type TVerification } from '../lib/fairness';
import { FairnessPublicLink } from './fairness-public-link';

const t = ko.meal.ui;

const Mono = ({ children, testId }: { children: React.ReactNode; testId?: string }) => (
  <code data-testid={testId} className="block break-all rounded bg-muted px-2 py-1 font-mono text-xs">
    {children}
  </code>
);

/** The commit–reveal values and the in-browser verification (Web Crypto). */
export function FairnessPanel({ meal }: { meal: TMeal }) {
  const [result, setResult] = useState<TVerification | 'running' | null>(null);
  const names = new Map(meal.participants.map((p) => [p.userId, p.name]));
  const draw = meal.draw;
  const verify = async () => {
    if (!draw) return;
    setResult('running');
    setResult(await verifyDraw(meal.id, draw, meal.payerCount));
  };
  return (
    <section aria-labelledby="fairness-title" className="grid gap-3 rounded-lg border p-4">
      <h3 id="fairness-title" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-5 text-emerald-600" aria-hidden="true" /> {t.fairness}
      </h3>
      <p className="text-sm text-muted-foreground break-keep">{t.fairnessHelp}</p>
      <FairnessPublicLink meal={meal} />
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">{t.commitment}</p>
        <Mono testId="commitment">{meal.commitment}</Mono>
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">{t.serverSeed}</p>
        {draw ? <Mono testId="server-seed">{draw.serverSeed}</Mono> : <p className="text-sm text-muted-foreground break-keep">{t.hiddenUntilDraw}</p>}
      </div>
      {draw ? (
        <>
          <div className="grid gap-1">
            <p className="text-xs font-medium text-muted-foreground">{t.clientSeeds}</p>
            <ul className="grid gap-1 text-xs">
              {draw.clientSeeds.map((c) => (
                <li key={c.userId} className="flex flex-wrap gap-x-2">
                  <span className="font-medium">{names.get(c.userId)}</span>
                  <code className="break-all font-mono text-muted-foreground">{c.clientSeed || '""'}</code>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid gap-1">
            <p className="text-xs font-medium text-muted-foreground">{t.hash}</p>
            <Mono testId="hash">{draw.h}</Mono>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" onClick={() => void verify()} disabled={result === 'running'}>
              {result === 'running' ? t.verifying : t.verify}
            </Button>
            {result && result !== 'running' ? (
              <p
                role="status"
                data-testid="verify-result"
                className={`flex items-center gap-1.5 text-sm font-medium break-keep ${result.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
              >
                {result.ok ? <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" /> : <XCircle className="size-4 shrink-0" aria-hidden="true" />}
                {result.ok ? t.verifyMatch : t.verifyMismatch}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
