import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { endOtherSessions } from '@/features/auth/api/second-factor-settings';

const t = ko.accounts.ui;

/** 'Sign out everywhere else', after the password (or a second-factor code) is given again. */
export function EndOtherSessions() {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await endOtherSessions(secret);
      toast.success(r.message);
      setOpen(false);
      setSecret('');
      await qc.invalidateQueries({ queryKey: ['me', 'sessions'] });
    } catch (e) {
      setError(e instanceof Error ? e.message : ko.errors.internal);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline" className="w-fit" onClick={() => setOpen(true)}>
        {t.endOthers}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.endOthersTitle}</DialogTitle>
            <DialogDescription className="break-keep">{t.endOthersDescription}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="reauth-secret">{t.passwordOrCode}</Label>
              <Input id="reauth-secret" type="password" autoComplete="current-password" value={secret} onChange={(e) => setSecret(e.target.value)} />
              {error ? <p className="text-sm text-destructive">{error}</p> : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={busy}>
                {t.submit}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
