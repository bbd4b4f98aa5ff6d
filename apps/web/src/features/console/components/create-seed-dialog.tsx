import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { helpAction, toast } from '@/lib/toast';
import { ko, ZCreateSeedInput, type TCreateSeedInput } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useSeeds } from '@/lib/seed-context';
import { useCreateSeed } from '@/features/console/api/create-seed';

const t = ko.consoleUi.seed;

/** 'Create new seed': required name (not blank after trimming), optional address; inputs disabled while submitting. */
export function CreateSeedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useCreateSeed();
  const { select } = useSeeds();
  const busy = create.isPending;
  const { register, handleSubmit, formState, reset, setError } = useForm<TCreateSeedInput, unknown, z.output<typeof ZCreateSeedInput>>({
    resolver: zodResolver(ZCreateSeedInput),
    defaultValues: { seed_name: '', seed_address: '' },
  });

  const submit = handleSubmit(async ({ seed_name, seed_address }) => {
    try {
      const r = await create.mutateAsync({ seed_name, ...(seed_address ? { seed_address } : {}) });
      toast.success(t.created);
      reset();
      select(r.data);
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof ApiError ? (err.status === 0 ? t.networkError : err.message || t.createFailed) : t.unknownError;
      setError('root', { message });
      toast.error(t.createFailed, { description: message, ...helpAction(err) });
    }
  });
  // A server refusal is shown where the name's own error goes, as one message.
  const error = formState.errors.seed_name?.message ?? formState.errors.root?.message;

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.dialogTitle}</DialogTitle>
            <DialogDescription>{t.dialogDescription}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="seed_name">{t.nameLabel}</Label>
            <Input
              id="seed_name"
              placeholder={t.namePlaceholder}
              disabled={busy}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'seed_name-error' : undefined}
              autoFocus
              {...register('seed_name')}
            />
            {error ? (
              <p id="seed_name-error" className="text-sm text-destructive" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="seed_address">{t.addressLabel}</Label>
            <Input id="seed_address" placeholder={t.addressPlaceholder} disabled={busy} {...register('seed_address')} />
            {formState.errors.seed_address?.message ? (
              <p className="text-sm text-destructive" role="alert">
                {formState.errors.seed_address.message}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t.cancel}
            </Button>
            <BusyButton type="submit" disabled={busy} busy={busy}>
              {busy ? t.submitting : t.submit}
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
