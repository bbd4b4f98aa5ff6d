import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko, ZAdminInviteInput, ZAdminUpdateUserInput, type TAdminInviteInput } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { TAdminUser } from '@suite/shared/schemas/admin';
import { useAdminAction } from '@/features/console/api/run-user-action';
import { FieldError } from '@/components/ui/field-error';

const t = ko.consoleUi.users;
const selectClass = 'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function RoleSelect(props: ComponentProps<'select'>) {
  return (
    <select className={selectClass} {...props}>
      {(['user', 'admin', 'guest'] as const).map((r) => (
        <option key={r} value={r}>
          {t.roles[r]}
        </option>
      ))}
    </select>
  );
}

export function EditUserDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const action = useAdminAction();
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof ZAdminUpdateUserInput>, unknown, z.output<typeof ZAdminUpdateUserInput>>({
    resolver: zodResolver(ZAdminUpdateUserInput),
    defaultValues: { full_name: user?.full_name ?? '', role: user?.role ?? 'user' },
  });
  if (!user) return null;
  const save = handleSubmit(async (body) => {
    try {
      const r = await action.mutateAsync({ path: `/${user.id}`, method: 'PATCH', body });
      toast.success(r.message ?? ko.authUi.settings.saved);
      onClose();
    } catch (err) {
      setError('root', { message: err instanceof Error ? err.message : ko.errors.internal });
    }
  });
  const busy = action.isPending;
  const err = formState.errors;
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t.editTitle}</DialogTitle>
            <DialogDescription>{user.email}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="edit-name">{t.colName}</Label>
            <Input id="edit-name" disabled={busy} aria-invalid={Boolean(err.full_name)} {...register('full_name')} />
            <FieldError message={err.full_name?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="edit-role">{t.colRole}</Label>
            <RoleSelect id="edit-role" disabled={busy} {...register('role')} />
          </div>
          <FieldError message={err.root?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <BusyButton type="submit" disabled={busy} busy={busy}>
              {t.save}
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const action = useAdminAction();
  const { register, handleSubmit, formState, reset, setError } = useForm<TAdminInviteInput, unknown, z.output<typeof ZAdminInviteInput>>({
    resolver: zodResolver(ZAdminInviteInput),
    defaultValues: { email: '', full_name: '', role: 'user' },
  });
  const send = handleSubmit(async (body) => {
    try {
      const r = await action.mutateAsync({ path: '/invite', method: 'POST', body });
      toast.success(r.message ?? ko.consoleUi.seedsPage.inviteSent);
      reset();
      onOpenChange(false);
    } catch (err) {
      setError('root', { message: err instanceof Error ? err.message : ko.errors.internal });
    }
  });
  const busy = action.isPending;
  const err = formState.errors;
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent>
        <form onSubmit={send} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t.addTitle}</DialogTitle>
            <DialogDescription>{t.addDescription}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="add-email">{t.colEmail}</Label>
            <Input id="add-email" type="email" disabled={busy} aria-invalid={Boolean(err.email)} {...register('email')} />
            <FieldError message={err.email?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-name">
              {t.colName} <span className="font-normal text-muted-foreground">{ko.authUi.signup.optional}</span>
            </Label>
            <Input id="add-name" disabled={busy} aria-invalid={Boolean(err.full_name)} {...register('full_name')} />
            <FieldError message={err.full_name?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-role">{t.colRole}</Label>
            <RoleSelect id="add-role" disabled={busy} {...register('role')} />
          </div>
          <FieldError message={err.root?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t.cancel}
            </Button>
            <BusyButton type="submit" disabled={busy} busy={busy}>
              {t.send}
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
