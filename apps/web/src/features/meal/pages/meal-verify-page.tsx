import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CheckCircle2, Hash, ShieldCheck, XCircle } from 'lucide-react';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import type { TMealVerify } from '@suite/shared/schemas/meal-verify';
import { ZMealVerifyParams } from '@suite/shared/schemas/meal-verify';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api';
import { useSeo } from '@/lib/seo';
import { usePublicDraw } from '../api/get-public-draw';
import { verifyDraw, type TVerification } from '../lib/fairness';

const t = koMealFairness.ui;
const STATUS: Record<TMealVerify['status'], string> = { open: t.statusOpen, closed: t.statusClosed, drawn: t.statusDrawn, cancelled: t.statusCancelled };

const Mono = ({ children, testId }: { children: React.ReactNode; testId?: string }) => (
  <code data-testid={testId} className="block break-all rounded bg-muted px-2 py-1 font-mono text-xs">
    {children}
  </code>
);

/** The public data as the shared verifier takes it (the same code as the round page's '브라우저에서 검증'). */
const asDraw = (d: TMealVerify) => ({
  payers: (d.payers ?? []).map((p) => ({ userId: p.userId, name: p.label, index: p.index })),
  serverSeed: d.serverSeed ?? '',
  commitment: d.commitment,
  clientSeeds: d.participants.map((p) => ({ userId: p.userId, clientSeed: p.clientSeed })),
  h: d.h ?? '',
});

function Verification({ draw }: { draw: TMealVerify }) {
  // Computed in this browser (Web Crypto) as soon as the data is here; the button computes again.
  const check = useQuery({
    queryKey: ['meal', 'public-draw', draw.id, 'verify', draw] as const,
    queryFn: (): Promise<TVerification> => verifyDraw(draw.id, asDraw(draw), draw.payerCount),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const done = check.isFetching ? null : (check.data ?? null);
  return (
    <div className="grid gap-3">
      {done ? (
        <p
          role="status"
          data-testid="verify-result"
          className={`flex items-center gap-2 text-base font-semibold break-keep ${done.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
        >
          {done.ok ? <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" /> : <XCircle className="size-5 shrink-0" aria-hidden="true" />}
          {done.ok ? t.match : t.mismatch}
        </p>
      ) : null}
      {done ? (
        <ul className="grid gap-1 text-sm">
          {(
            [
              [t.checkCommitment, done.commitment],
              [t.checkH, done.h],
              [t.checkPayers, done.payers],
            ] as const
          ).map(([label, ok]) => (
            <li key={label} className="flex items-center gap-1.5 break-keep">
              {ok ? (
                <CheckCircle2 className="size-4 text-emerald-600" aria-label="일치" />
              ) : (
                <XCircle className="size-4 text-destructive" aria-label="불일치" />
              )}
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => void check.refetch()} disabled={check.isFetching}>
        {check.isFetching ? t.verifying : t.verify}
      </Button>
    </div>
  );
}

/** Public /meal/verify/:mealId: anyone with the link recomputes a game round's draw in the browser (Web Crypto). */
export function MealVerifyPage() {
  const raw = useParams().mealId ?? '';
  const valid = ZMealVerifyParams.safeParse({ mealId: raw }).success;
  const query = usePublicDraw(valid ? raw : '');
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  useSeo({ title: t.verifyTitle, description: t.verifyDescription, noindex: true });
  const d = query.data;
  return (
    <PageContainer className="py-10 sm:py-14">
      <div className="mx-auto grid max-w-3xl gap-6">
        <header className="grid gap-2">
          <h1 className="flex items-center gap-2 text-2xl font-bold break-keep">
            <ShieldCheck className="size-6 text-emerald-600" aria-hidden="true" /> {t.verifyTitle}
          </h1>
          <p className="text-muted-foreground break-keep">{t.verifyDescription}</p>
        </header>
        {missing ? (
          <p role="alert" className="text-destructive break-keep">
            {t.notFound}
          </p>
        ) : query.error ? (
          <p role="alert" className="text-destructive break-keep">
            {query.error.message}
          </p>
        ) : !d ? (
          <p className="text-muted-foreground">{t.loading}</p>
        ) : (
          <section aria-label={d.title} className="grid gap-4 rounded-lg border p-4 sm:p-6">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t.round}</dt>
              <dd className="font-medium break-keep">{d.title}</dd>
              <dt className="text-muted-foreground">{t.date}</dt>
              <dd>
                {d.date} · {t.payerCount(d.payerCount)}
              </dd>
              <dt className="text-muted-foreground">{t.status}</dt>
              <dd data-testid="verify-status">{STATUS[d.status]}</dd>
            </dl>
            {d.slack ? (
              <p className="text-sm text-muted-foreground break-keep">
                {d.slack.posted ? t.slackPublished(d.slack.channel) : t.slackNotPublished(d.slack.channel)}
              </p>
            ) : null}
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">{t.commitment}</p>
              <Mono testId="commitment">{d.commitment}</Mono>
            </div>
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">{t.serverSeed}</p>
              {d.serverSeed ? (
                <Mono testId="server-seed">{d.serverSeed}</Mono>
              ) : (
                <p className="text-sm text-muted-foreground break-keep">{t.hiddenUntilDraw}</p>
              )}
            </div>
            {d.status === 'drawn' && d.serverSeed ? (
              <>
                <div className="grid gap-1">
                  <p className="text-xs font-medium text-muted-foreground">{t.participants}</p>
                  <ol className="grid gap-1 text-sm">
                    {d.participants.map((p, i) => (
                      <li key={p.userId} className="flex flex-wrap gap-x-2">
                        <span className="tabular-nums text-muted-foreground">{i + 1}.</span>
                        <span className="font-medium">{p.label}</span>
                        <code className="break-all font-mono text-xs text-muted-foreground">{p.clientSeed ? JSON.stringify(p.clientSeed) : t.noSeed}</code>
                      </li>
                    ))}
                  </ol>
                  <p className="text-xs text-muted-foreground break-keep">{t.namesMasked}</p>
                </div>
                <div className="grid gap-1">
                  <p className="text-xs font-medium text-muted-foreground">{t.h}</p>
                  <Mono testId="hash">{d.h}</Mono>
                </div>
                <p className="font-medium break-keep" data-testid="payers">
                  {t.payers}: {(d.payers ?? []).map((p) => `${p.index + 1}. ${p.label}`).join(', ')}
                </p>
                <Verification draw={d} />
              </>
            ) : null}
          </section>
        )}
        <section aria-labelledby="formula-title" className="grid gap-2 rounded-lg bg-muted/40 p-4 text-sm">
          <h2 id="formula-title" className="flex items-center gap-2 font-semibold">
            <Hash className="size-4" aria-hidden="true" /> {t.formulaTitle}
          </h2>
          {t.formula.map((line) => (
            <p key={line} className="break-keep">
              {line}
            </p>
          ))}
        </section>
      </div>
    </PageContainer>
  );
}
