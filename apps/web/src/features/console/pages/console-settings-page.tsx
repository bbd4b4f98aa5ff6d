import { ko } from '@suite/shared';
import { PasswordForm } from '@/components/account/password-form';
import { ProfileForm } from '@/components/account/profile-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMe } from '@/lib/me-api';
import { ThemeSwitch } from '@/features/console/components/theme-switch';
import { SecurityCard } from '@/features/console/components/security-card';
import { useSession } from '@/lib/session';

const t = ko.consoleUi.settingsPage;

export function ConsoleSettingsPage() {
  const me = useMe();
  const { user } = useSession();
  return (
    <div className="grid max-w-2xl gap-6">
      {user?.role === 'admin' ? <SecurityCard /> : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.account}</CardTitle>
        </CardHeader>
        <CardContent>
          {me.data ? <ProfileForm user={me.data} /> : <p className="text-sm text-muted-foreground">{me.isError ? me.error.message : ko.common.loading}</p>}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.password}</CardTitle>
        </CardHeader>
        <CardContent>
          {me.data && me.data.provider !== 'email' ? <p className="text-sm text-muted-foreground">{ko.authUi.settings.googleNoPassword}</p> : <PasswordForm />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.preferences}</CardTitle>
          <CardDescription>{t.themeHelp}</CardDescription>
        </CardHeader>
        <CardContent>
          <ThemeSwitch />
        </CardContent>
      </Card>
    </div>
  );
}
