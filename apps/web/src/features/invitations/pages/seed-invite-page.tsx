import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { ZSeedInvitationPreview, ZSeedResponse } from '@suite/shared/schemas/seeds';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast, toastError } from '@/lib/toast';
import { Users } from 'lucide-react';
import { ko } from '@suite/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { rememberSelectedSeed, seedsQueryKey } from '@/lib/seed-context';
import { usePageTitle } from '@/lib/page-title';

const t = ko.consoleUi.invite;

/** A seed invitation link: preview, then accept as the invited (signed-in) user. */
export function SeedInvitePage() {
  usePageTitle(t.seedTitle, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const preview = useQuery({
    queryKey: ['seed-invite', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => api<z.infer<typeof ZSeedInvitationPreview>>(`/api/seed-invitations/preview?token=${encodeURIComponent(token)}`, { auth: false }),
  });
  // After signing in or signing up from here, the invitation is accepted on return (`accept=1`, issue 27 item 21).
  const back = encodeURIComponent(`${location.pathname}?token=${encodeURIComponent(token)}&accept=1`);
  const autoAccept = params.get('accept') === '1';
  const attempted = useRef(false);
  const accept = async () => {
    setBusy(true);
    try {
      const res = await api<z.infer<typeof ZSeedResponse>>('/api/seed-invitations/accept', { method: 'POST', body: { token } });
      // Land in the seed just joined, whatever seed the console showed before.
      rememberSelectedSeed(res.data);
      await qc.invalidateQueries({ queryKey: seedsQueryKey });
      toast.success(t.accepted);
      navigate('/admin', { replace: true });
    } catch (e) {
      toastError(e, t.invalid);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (!autoAccept || !isAuthenticated || !preview.data || attempted.current) return;
    attempted.current = true;
    void accept();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the signed-in user returns with accept=1
  }, [autoAccept, isAuthenticated, preview.data]);
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <Users className="size-10 text-primary" aria-hidden="true" />
          <CardTitle>{t.seedTitle}</CardTitle>
          {preview.data ? <CardDescription>{t.seedBody(preview.data.seed_name, preview.data.inviter_name)}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-3">
          {!token || preview.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{preview.error?.message ?? t.invalid}</AlertDescription>
            </Alert>
          ) : !preview.data ? (
            <p className="text-center text-sm text-muted-foreground">{ko.common.loading}</p>
          ) : isAuthenticated && autoAccept && busy ? (
            <p className="text-center text-sm text-muted-foreground break-keep" role="status">
              {ko.authUi.invitation.accepting}
            </p>
          ) : isAuthenticated ? (
            <BusyButton onClick={accept} disabled={busy} busy={busy}>
              {t.accept}
            </BusyButton>
          ) : (
            <>
              <p className="text-center text-sm text-muted-foreground break-keep">
                {t.loginFirst} ({preview.data.email})
              </p>
              <Button asChild>
                <Link to={`/login?redirect=${back}`}>{ko.authUi.login.title}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/signup?redirect=${back}`}>{ko.authUi.signup.title}</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
