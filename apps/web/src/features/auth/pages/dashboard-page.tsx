import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ArrowRight, LogOut, Sparkles } from 'lucide-react';
import { isAvailable, ko, SERVICE_CATALOGUE } from '@suite/shared';
import { CatalogueBadge } from '@/components/service-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

const t = ko.authUi.dashboard;
/** From the one catalogue: what a signed-in user can open now, and what is still coming. */
const LIVE = SERVICE_CATALOGUE.filter((s) => isAvailable(s.status) && s.consolePath);
const UPCOMING = SERVICE_CATALOGUE.filter((s) => !isAvailable(s.status));

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b py-2 last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium break-all">{value}</dd>
    </div>
  );
}

export function DashboardPage() {
  usePageTitle(t.title, { noindex: true });
  const { user, logout } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  const onLogout = async () => {
    await logout();
    toast.success(ko.authUi.logoutToast);
    navigate('/login', { replace: true });
  };
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold break-keep">{t.welcome(user.full_name)}</h1>
          <p className="text-muted-foreground">{t.subtitle}</p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/admin">{t.toConsole}</Link>
          </Button>
          <Button variant="outline" onClick={onLogout}>
            <LogOut aria-hidden="true" /> {t.logout}
          </Button>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t.userInfo}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="text-sm">
              <Row label={t.email} value={user.email} />
              <Row label={t.name} value={user.full_name} />
              {user.phone ? <Row label={t.phone} value={user.phone} /> : null}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t.accountStatus}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="text-sm">
              <Row label={t.loginMethod} value={user.provider === 'google' ? t.methodGoogle : t.methodEmail} />
              <Row label={t.emailVerification} value={user.email_verified ? t.verified : t.unverified} />
              <Row label={t.marketing} value={user.marketing_consent ? t.agreed : t.refused} />
            </dl>
            <Button asChild variant="link" className="mt-2 px-0">
              <Link to="/settings">{t.toSettings}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Sparkles className="size-5 text-primary" aria-hidden="true" /> {t.myServices}
          </CardTitle>
          <CardDescription>{t.myServicesLead}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="dashboard-services">
            {LIVE.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 rounded-lg border p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold break-keep">{ko.catalogue.names[s.id]}</p>
                  <CatalogueBadge status={s.status} />
                </div>
                <p className="text-sm text-muted-foreground break-keep">{ko.catalogue.summaries[s.id]}</p>
                <Button asChild size="sm" className="mt-auto justify-self-start self-start">
                  <Link to={s.consolePath!}>
                    {t.open(ko.catalogue.names[s.id])} <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
          {UPCOMING.length ? (
            <p className="text-sm text-muted-foreground break-keep">
              {t.upcoming(UPCOMING.map((s) => ko.catalogue.names[s.id]).join(', '))}{' '}
              <Link to="/about" className="font-medium text-primary underline-offset-4 hover:underline">
                {t.upcomingLink}
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
