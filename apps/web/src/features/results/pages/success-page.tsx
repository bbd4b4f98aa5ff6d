import { CheckCircle2, ChevronRight } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { koSite } from '@suite/shared/messages/ko-site';
import { Button } from '@/components/ui/button';
import { useSeo } from '@/lib/seo';
import { Celebration } from '../components/celebration';
import { ResultCard, ResultList } from '../components/result-card';
import { safePath } from '../lib/safe-path';
import { SPARKLE_TYPES, SUCCESS_ACTIONS, successText, toSuccessType } from '../lib/success-types';

const t = koSite.success;

type TSuccessState = {
  type?: string;
  message?: string;
  instructions?: string | string[];
  nextAction?: string | { href?: string; label?: string };
} | null;

/** /success: query type, message, next, workspace_id, workspace_name; navigation state type, message, instructions, nextAction. */
export function SuccessPage() {
  const [params] = useSearchParams();
  const state = (useLocation().state ?? null) as TSuccessState;
  const type = toSuccessType(state?.type ?? params.get('type'));
  const text = successText(type);
  const message = state?.message ?? params.get('message');
  const workspaceName = params.get('workspace_name');
  const workspaceId = params.get('workspace_id');
  const instructions = state?.instructions ? ([] as string[]).concat(state.instructions) : [...text.nextSteps];
  const nextAction = state?.nextAction;
  const next = safePath(typeof nextAction === 'object' ? nextAction?.href : nextAction) ?? safePath(params.get('next'));
  const nextLabel = typeof nextAction === 'object' && nextAction?.label ? nextAction.label : t.continue;
  const ownAction = SUCCESS_ACTIONS[type];
  const ownLabel = 'action' in text ? text.action : t.continue;
  useSeo({ title: text.title, description: text.description, noindex: true });

  return (
    <ResultCard>
      <Celebration sparkles={SPARKLE_TYPES.includes(type)} />
      <CheckCircle2 className="mx-auto mt-6 size-14 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-keep">{text.title}</h1>
      <p className="mt-2 text-muted-foreground break-keep">{text.description}</p>
      {message || workspaceName || workspaceId ? (
        <section className="mt-6 rounded-lg border bg-background p-4 text-left text-sm" aria-label={t.detail}>
          {message ? <p className="break-keep">{message}</p> : null}
          {workspaceName || workspaceId ? (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {workspaceName ? (
                <>
                  <dt className="text-muted-foreground">{t.workspace}</dt>
                  <dd className="font-medium break-all">{workspaceName}</dd>
                </>
              ) : null}
              {workspaceId ? (
                <>
                  <dt className="text-muted-foreground">{t.workspaceId}</dt>
                  <dd className="font-mono text-xs break-all">{workspaceId}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </section>
      ) : null}
      <ResultList title={t.nextStepsTitle} items={instructions} icon={<ChevronRight className="size-4" aria-hidden="true" />} />
      <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link to="/">{t.home}</Link>
        </Button>
        {next ? (
          <Button asChild>
            <Link to={next}>{nextLabel}</Link>
          </Button>
        ) : ownAction ? (
          <Button asChild>
            <Link to={ownAction}>{ownLabel}</Link>
          </Button>
        ) : null}
      </div>
    </ResultCard>
  );
}
