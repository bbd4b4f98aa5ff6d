import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { ko } from '@suite/shared';
import { koSite } from '@suite/shared/messages/ko-site';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { tokenStorage } from '@/lib/token-storage';
import { useSeo } from '@/lib/seo';
import { SLACK_STATE_KEY, SLACK_STATE_TS_KEY } from '@/components/slack-connect-button';

const t = ko.slack.callback;
const oauth = koSite.error.oauth;
type TView =
  { kind: 'loading' } | { kind: 'success'; id: string; name: string } | { kind: 'error'; title: string; message: string; code: string; delay: number };

const CONSOLE = '/admin/services/slack-ai';

function resolve(params: URLSearchParams): TView {
  const status = params.get('status');
  const id = params.get('workspace_id');
  const error = params.get('error');
  if (status === 'success' && id) return { kind: 'success', id, name: params.get('workspace_name') || id };
  if (error) {
    const known = (oauth as Record<string, { title: string; description: string }>)[error];
    return {
      kind: 'error',
      code: error,
      title: known?.title ?? t.errorTitle,
      message: params.get('message') || known?.description || oauth.internal_error.description,
      delay: 5,
    };
  }
  return { kind: 'error', code: 'invalid_callback', title: t.errorTitle, message: t.invalidCallback, delay: 3 };
}

/** /oauth/slack/callback: the result of connecting a Slack workspace, with the spec's timed redirects. */
export function SlackCallbackPage() {
  useSeo({ title: t.loadingTitle });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const result = useMemo(() => resolve(params), [params]);
  // Loading shows until the first frame after the parameters were read.
  const [ready, setReady] = useState(false);
  const view: TView = ready ? result : { kind: 'loading' };
  const [left, setLeft] = useState(() => (result.kind === 'success' ? 3 : result.kind === 'error' ? result.delay : 0));

  useEffect(() => {
    // The connection attempt is over either way: forget its state.
    tokenStorage.write(SLACK_STATE_KEY, null);
    tokenStorage.write(SLACK_STATE_TS_KEY, null);
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const target = view.kind === 'success' ? CONSOLE : '/slack-ai';
  useEffect(() => {
    if (view.kind === 'loading') return;
    if (left <= 0) {
      void navigate(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, view.kind, navigate, target]);

  return (
    <div className="mx-auto grid min-h-[60vh] w-full max-w-lg place-items-center px-4 py-12">
      <Card className="w-full">
        <CardContent className="grid justify-items-center gap-4 p-8 text-center break-keep">
          {view.kind === 'loading' ? (
            <>
              <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
              <h1 className="text-xl font-semibold">{t.loadingTitle}</h1>
              <p className="text-muted-foreground" role="status">
                {t.loadingMessage}
              </p>
            </>
          ) : view.kind === 'success' ? (
            <>
              <CheckCircle2 className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
              <h1 className="text-xl font-semibold">{t.successTitle}</h1>
              <p className="text-muted-foreground">{t.successMessage(view.name)}</p>
              <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-left text-sm">
                <dt className="text-muted-foreground">{t.workspaceName}</dt>
                <dd className="font-medium break-all">{view.name}</dd>
                <dt className="text-muted-foreground">{t.workspaceId}</dt>
                <dd className="font-mono text-xs break-all">{view.id}</dd>
              </dl>
              <p className="text-sm text-muted-foreground" role="status">
                {t.redirecting(left)}
              </p>
              <Button onClick={() => void navigate(CONSOLE, { replace: true })}>{t.goNow}</Button>
            </>
          ) : (
            <>
              <XCircle className="size-12 text-destructive" aria-hidden="true" />
              <h1 className="text-xl font-semibold">{view.title}</h1>
              <p className="text-muted-foreground">{view.message}</p>
              <p className="font-mono text-xs text-muted-foreground">{view.code}</p>
              <p className="text-sm text-muted-foreground" role="status">
                {t.redirectingBack(left)}
              </p>
              <Button onClick={() => void navigate('/slack-ai', { replace: true })}>{t.tryAgain}</Button>
            </>
          )}
        </CardContent>
      </Card>
      <p className="mt-6 text-xs text-muted-foreground">{t.poweredBy}</p>
    </div>
  );
}
