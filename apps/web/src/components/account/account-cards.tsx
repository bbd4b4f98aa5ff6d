import type { ReactNode } from 'react';
import { ko } from '@suite/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { useMe } from '@/lib/me-api';
import { PasswordForm } from '@/components/account/password-form';
import { ProfileForm } from '@/components/account/profile-form';

type TMe = ReturnType<typeof useMe>;

function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The profile form in its card, or why it is not shown yet (loading, or the error). Used by /settings and the console. */
export function ProfileCard({ title, me }: { title: string; me: TMe }) {
  return (
    <TitledCard title={title}>
      {me.data ? <ProfileForm user={me.data} /> : <p className="text-sm text-muted-foreground">{me.isError ? me.error.message : ko.common.loading}</p>}
    </TitledCard>
  );
}

/** The password form in its card; an account that signs in through a provider has no password to change. */
export function PasswordCard({ title, me }: { title: string; me: TMe }) {
  return (
    <TitledCard title={title}>
      {me.data && me.data.provider !== 'email' ? <p className="text-sm text-muted-foreground">{ko.authUi.settings.googleNoPassword}</p> : <PasswordForm />}
    </TitledCard>
  );
}
