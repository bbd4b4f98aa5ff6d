import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ko, ZDeleteMeInput, type TDeletionStatus } from '@suite/shared';
import { FormField } from '@/components/account/form-field';
import { PasswordInput } from '@/components/account/password-input';
import { BusyButton } from '@/components/busy-button';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { koDate } from '../lib/format';
import { OwnedSeeds } from './owned-seeds';

const t = ko.privacy.settingsUi.deletion;

/**
 * Asks for the password (or, for an account without one, a second-factor code), then DELETE /api/me. The server ends
 * every session, so on success this browser signs out too and goes to /login with the date in a notice.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  status,
  onSeedsOwned,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: TDeletionStatus;
  onSeedsOwned: () => void;
}) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [seedsOwned, setSeedsOwned] = useState(false);
  const del = useDeleteAccount();
  const session = useSession();
  const navigate = useNavigate();
  const mode = status.hasPassword ? 'password' : status.hasSecondFactor ? 'code' : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mode) return;
    const parsed = ZDeleteMeInput.safeParse(
      // Empty is left out, so the schema's Korean "password or code" message is the one shown.
      mode === 'password' ? { password: secret || undefined } : { secondFactorCode: secret.trim() || undefined },
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ko.privacy.validation.reauth);
    setError(null);
    try {
      const r = await del.mutateAsync(parsed.data);
      toast.success(t.scheduled(koDate(r.deleteAt)), { duration: 15_000 });
      await session.logout();
      navigate('/login', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : ko.errors.internal);
      const owned = err instanceof ApiError && err.code === 'PRIVACY_SEEDS_OWNED';
      setSeedsOwned(owned);
      if (owned) onSeedsOwned();
    }
  };

  const busy = del.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        setSecret('');
        setError(null);
        setSeedsOwned(false);
        onOpenChange(o);
      }}
    >
      <DialogContent role="alertdialog" closeLabel={t.cancel}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.dialogTitle}</DialogTitle>
            <DialogDescription>{mode === 'password' ? t.byPassword : mode === 'code' ? t.byCode : t.noReauth}</DialogDescription>
          </DialogHeader>
          <ul className="grid list-disc gap-1 pl-5 text-sm break-keep">
            {t.what.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {mode === 'password' ? (
            <FormField id="delete-password" label={t.password}>
              <PasswordInput
                id="delete-password"
                autoComplete="current-password"
                value={secret}
                disabled={busy}
                aria-invalid={Boolean(error)}
                onChange={(e) => setSecret(e.target.value)}
              />
            </FormField>
          ) : null}
          {mode === 'code' ? (
            <FormField id="delete-code" label={t.code}>
              <Input
                id="delete-code"
                autoComplete="one-time-code"
                inputMode="text"
                value={secret}
                disabled={busy}
                aria-invalid={Boolean(error)}
                onChange={(e) => setSecret(e.target.value)}
              />
            </FormField>
          ) : null}
          <ErrorAlert message={error} />
          {seedsOwned ? <OwnedSeeds seeds={status.ownedSeeds} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              {t.cancel}
            </Button>
            {mode ? (
              <BusyButton type="submit" variant="destructive" disabled={busy} busy={busy}>
                {busy ? t.confirming : t.confirm}
              </BusyButton>
            ) : null}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
