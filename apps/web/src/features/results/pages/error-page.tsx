import { AlertTriangle, Ban, Lightbulb, Link2Off, Lock, SearchX, ServerCrash, type LucideIcon } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { koSite } from '@suite/shared/messages/ko-site';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSeo } from '@/lib/seo';
import { ResultCard, ResultList } from '../components/result-card';
import { resolveError, type TResolvedError } from '../lib/error-codes';

const t = koSite.error;

const ICONS: Record<string, LucideIcon> = { '400': AlertTriangle, '401': Lock, '403': Ban, '404': SearchX };

function ErrorIcon({ error }: { error: TResolvedError }) {
  const props = { className: 'mx-auto size-14 text-destructive', 'aria-hidden': true } as const;
  if (error.kind === 'oauth') return <Link2Off {...props} />;
  const Icon = ICONS[error.code] ?? ServerCrash;
  return <Icon {...props} />;
}

type TErrorState = { errorCode?: string | number; errorMessage?: string } | null;

/** /error: query code, message, error; navigation state errorCode, errorMessage. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const state = (useLocation().state ?? null) as TErrorState;
  const navigate = useNavigate();
  const resolved = resolveError(state?.errorCode ?? params.get('code') ?? params.get('error'));
  const detail = state?.errorMessage ?? params.get('message');
  useSeo({ title: resolved.text.title, description: resolved.text.description, noindex: true });

  const retry = () => {
    if (resolved.kind === 'oauth') navigate('/slack-ai');
    else if (window.history.length > 1) navigate(-1);
    else window.location.reload();
  };

  return (
    <ResultCard>
      <ErrorIcon error={resolved} />
      <Badge variant="outline" className="mt-4 font-mono" data-testid="error-code">
        {resolved.kind === 'oauth' ? t.oauthBadge : t.codeBadge(resolved.code)}
      </Badge>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-keep">{resolved.text.title}</h1>
      <p className="mt-2 text-muted-foreground break-keep">{resolved.text.description}</p>
      {detail ? (
        <Alert variant="destructive" className="mt-6 text-left">
          <AlertDescription>
            <span className="sr-only">{t.detail}: </span>
            {detail}
          </AlertDescription>
        </Alert>
      ) : null}
      <ResultList title={t.suggestionsTitle} items={resolved.text.suggestions} icon={<Lightbulb className="size-4" aria-hidden="true" />} />
      <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link to="/">{t.home}</Link>
        </Button>
        <Button onClick={retry}>{t.retry}</Button>
      </div>
    </ResultCard>
  );
}
