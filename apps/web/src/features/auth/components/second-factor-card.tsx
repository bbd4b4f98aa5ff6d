import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { toast, toastError } from '@/lib/toast';
import { ko, type TTotpSetupResponse } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSession } from '@/lib/session';
import { RecoveryCodes } from '@/features/auth/components/recovery-codes';
import { addPasskey, confirmTotp, removePasskey, removeTotp, startTotp, useSecondFactor } from '@/features/auth/api/second-factor-settings';

const t = ko.accounts.ui;

/** /settings: TOTP with a locally drawn QR code, recovery codes shown once, passkeys. */
export function SecondFactorCard() {
  const status = useSecondFactor();
  const session = useSession();
  const qc = useQueryClient();
  const [setup, setSetup] = useState<(TTotpSetupResponse & { qr: string }) | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['me', 'second-factor'] });
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      toastError(e, ko.errors.internal);
    } finally {
      setBusy(false);
    }
  };

  if (status.isLoading) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (status.isError || !status.data) return <p className="text-sm text-destructive">{status.error?.message}</p>;
  const s = status.data;

  const begin = () =>
    run(async () => {
      const r = await startTotp();
      const qr = await QRCode.toDataURL(r.otpauth_url, { margin: 1, width: 192 });
      setSetup({ ...r, qr });
    });
  const confirm = () =>
    run(async () => {
      const r = await confirmTotp(code);
      setCodes(r.recovery_codes);
      setSetup(null);
      setCode('');
      toast.success(r.message);
      await refresh();
    });

  return (
    <div className="grid gap-5">
      {s.required && !s.session_verified ? (
        <p className="rounded-md bg-amber-500/15 p-3 text-sm break-keep text-amber-800 dark:text-amber-200">{t.secondFactorRequiredNotice}</p>
      ) : null}
      <section className="grid gap-2">
        <p className="text-sm font-medium">
          {t.totp}: <span data-testid="totp-status">{s.totp ? t.totpOn : t.totpOff}</span>
          {s.totp ? <span className="ml-2 text-muted-foreground">{t.recoveryLeft(s.recovery_codes_left)}</span> : null}
        </p>
        {!s.totp && !setup ? (
          <Button className="w-fit" disabled={busy} onClick={begin}>
            {t.totpStart}
          </Button>
        ) : null}
        {setup ? (
          <div className="grid gap-3 rounded-md border p-3">
            <p className="text-sm text-muted-foreground break-keep">{t.totpScan}</p>
            <img src={setup.qr} alt="QR" width={192} height={192} className="rounded bg-white p-1" />
            <p className="text-sm">
              {t.totpSecretLabel}:{' '}
              <code data-testid="totp-secret" className="break-all font-mono">
                {setup.secret}
              </code>
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor="totp-code">{t.totpCode}</Label>
              <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
            </div>
            <Button className="w-fit" disabled={busy || code.length !== 6} onClick={confirm}>
              {t.totpConfirm}
            </Button>
          </div>
        ) : null}
        {codes ? <RecoveryCodes codes={codes} email={session.user?.email ?? ''} /> : null}
        {s.totp ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="totp-remove-password">{t.passwordOrCode}</Label>
              <Input id="totp-remove-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  toast.success((await removeTotp(password)).message);
                  setPassword('');
                  await refresh();
                })
              }
            >
              {t.totpRemove}
            </Button>
          </div>
        ) : null}
      </section>
      <section className="grid gap-2">
        <p className="text-sm font-medium">{t.passkeys}</p>
        {s.passkeys.length ? (
          <ul className="grid gap-2" data-testid="passkeys">
            {s.passkeys.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span>{k.name}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      toast.success((await removePasskey(k.id)).message);
                      await refresh();
                    })
                  }
                >
                  {t.passkeyRemove}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t.noPasskeys}</p>
        )}
        <Button
          variant="outline"
          className="w-fit"
          disabled={busy}
          onClick={() =>
            run(async () => {
              toast.success((await addPasskey(t.passkeyDefaultName)).message);
              await refresh();
            })
          }
        >
          {t.passkeyAdd}
        </Button>
      </section>
    </div>
  );
}
