import { useState } from 'react';
import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminPolicy } from '@/features/console/api/get-admin-policy';
import { revokeAllSessions } from '@/features/console/api/revoke-all-sessions';
import { useSetAdminPolicy } from '@/features/console/api/update-admin-policy';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PolicyToggle } from '@/features/console/components/policy-toggle';

const t = ko.accounts.ui;

/** Platform admins: the second-factor rule for admins, and ending every session. */
export function SecurityCard() {
  const policy = useAdminPolicy();
  const setPolicy = useSetAdminPolicy();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.security}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <PolicyToggle id="admin-second-factor" policy={policy} set={setPolicy} label={t.adminPolicy} description={t.adminPolicyDescription} />
        <div className="grid gap-2">
          <CardDescription className="break-keep">{t.endAllDescription}</CardDescription>
          <Button variant="destructive" className="w-fit" onClick={() => setConfirming(true)}>
            {t.endAll}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t.endAll}
        message={t.endAllDescription}
        confirmLabel={t.endAllConfirm}
        destructive
        onOpenChange={setConfirming}
        onConfirm={() => {
          revokeAllSessions().then(
            (r) => {
              toast.success(r.message);
              setConfirming(false);
            },
            (e: unknown) => toastError(e, ko.errors.internal),
          );
        }}
      />
    </Card>
  );
}
