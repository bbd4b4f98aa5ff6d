import { ko } from '@suite/shared';
import { PasswordCard, ProfileCard } from '@/components/account/account-cards';
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
      <ProfileCard title={t.account} me={me} />
      <PasswordCard title={t.password} me={me} />
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
