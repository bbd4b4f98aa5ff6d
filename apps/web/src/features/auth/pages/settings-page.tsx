import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/lib/page-title';
import { useMe } from '@/lib/me-api';
import { PasswordCard, ProfileCard } from '@/components/account/account-cards';
import { WithdrawalCard } from '@/components/account/withdrawal-card';
import { SessionsList } from '@/features/auth/components/sessions-list';
import { IdentitiesList } from '@/features/auth/components/identities-list';
import { SecondFactorCard } from '@/features/auth/components/second-factor-card';
import { EndOtherSessions } from '@/features/auth/components/end-other-sessions';

const t = ko.authUi.settings;

export function SettingsPage() {
  usePageTitle(t.title, { noindex: true });
  const me = useMe();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
        <p className="mt-2 text-sm break-keep">
          {ko.privacy.settingsUi.fromSettings}{' '}
          <Link to="/settings/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
            {ko.privacy.settingsUi.title}
          </Link>
        </p>
      </div>
      <ProfileCard title={t.profile} me={me} />
      <PasswordCard title={t.password} me={me} />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{ko.accounts.ui.secondFactor}</CardTitle>
          <CardDescription className="break-keep">{ko.accounts.ui.secondFactorDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <SecondFactorCard />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{ko.accounts.ui.identities}</CardTitle>
          <CardDescription className="break-keep">{ko.accounts.ui.identitiesDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <IdentitiesList />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.sessions}</CardTitle>
          <CardDescription>{t.sessionsDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SessionsList />
          <EndOtherSessions />
        </CardContent>
      </Card>
      <WithdrawalCard accountEmail={me.data?.email} />
    </div>
  );
}
