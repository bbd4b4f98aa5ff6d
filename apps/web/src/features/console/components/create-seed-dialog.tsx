import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useSeeds } from '@/lib/seed-context';
import { useCreateSeed } from '@/features/console/api/seeds';

const t = ko.consoleUi.seed;

/** 'Create new seed': required name (not blank after trimming), optional address; inputs disabled while submitting. */
export function CreateSeedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSeed();
  const { select } = useSeeds();
  const busy = create.isPending;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t.nameRequired);
      return;
    }
    setError(null);
    try {
      const r = await create.mutateAsync({ seed_name: name.trim(), ...(address.trim() ? { seed_address: address.trim() } : {}) });
      toast.success(t.created);
      setName('');
      setAddress('');
      select(r.data);
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof ApiError ? (err.status === 0 ? t.networkError : err.message || t.createFailed) : t.unknownError;
      setError(message);
      toast.error(t.createFailed, { description: message });
    }
  };

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
              name="seed_name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t.namePlaceholder}
              disabled={busy}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'seed_name-error' : undefined}
              autoFocus
            />
            {error ? (
              <p id="seed_name-error" className="text-sm text-destructive" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="seed_address">{t.addressLabel}</Label>
            <Input
              id="seed_address"
              name="seed_address"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder={t.addressPlaceholder}
              disabled={busy}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? t.submitting : t.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
