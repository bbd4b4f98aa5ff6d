import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko, ZReauthInput } from '@suite/shared';
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
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof ZReauthInput>, unknown, z.output<typeof ZReauthInput>>({
    resolver: zodResolver(ZReauthInput),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(async (v) => {
    try {
      const r = await endOtherSessions(v.password);
      toast.success(r.message);
      setOpen(false);
      reset();
      await qc.invalidateQueries({ queryKey: ['me', 'sessions'] });
    } catch (e) {
      setError('root', { message: e instanceof Error ? e.message : ko.errors.internal });
    }
  });
  const error = formState.errors.password?.message ?? formState.errors.root?.message;
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
          <form className="grid gap-3" onSubmit={submit}>
            <div className="grid gap-1.5">
              <Label htmlFor="reauth-secret">{t.passwordOrCode}</Label>
              <Input id="reauth-secret" type="password" autoComplete="current-password" {...register('password')} />
              {error ? <p className="text-sm text-destructive">{error}</p> : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={formState.isSubmitting}>
                {t.submit}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
