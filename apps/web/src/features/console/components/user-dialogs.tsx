import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import { ko, ZEmail, ZFullName } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminAction, type TAdminUser } from '@/features/console/api/admin';

const t = ko.consoleUi.users;
const selectClass = 'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function RoleSelect({ id, value, onChange, disabled }: { id: string; value: string; onChange: (v: string) => void; disabled: boolean }) {
  return (
    <select id={id} name="role" className={selectClass} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
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
  const [name, setName] = useState(user?.full_name ?? '');
  const [role, setRole] = useState<string>(user?.role ?? 'user');
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZFullName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    try {
      const r = await action.mutateAsync({ path: `/${user.id}`, method: 'PATCH', body: { full_name: parsed.data, role } });
      toast.success(r.message ?? ko.authUi.settings.saved);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : ko.errors.internal);
    }
  };
  const busy = action.isPending;
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
            <Input id="edit-name" name="full_name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} aria-invalid={Boolean(error)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="edit-role">{t.colRole}</Label>
            <RoleSelect id="edit-role" value={role} onChange={setRole} disabled={busy} />
          </div>
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const action = useAdminAction();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('user');
  const [error, setError] = useState<string | null>(null);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    if (name.trim()) {
      const n = ZFullName.safeParse(name);
      if (!n.success) {
        setError(n.error.issues[0]?.message ?? ko.errors.validation);
        return;
      }
    }
    try {
      const r = await action.mutateAsync({
        path: '/invite',
        method: 'POST',
        body: { email: parsed.data, role, ...(name.trim() ? { full_name: name.trim() } : {}) },
      });
      toast.success(r.message ?? ko.consoleUi.seedsPage.inviteSent);
      setEmail('');
      setName('');
      setError(null);
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : ko.errors.internal);
    }
  };
  const busy = action.isPending;
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
            <Input id="add-email" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-name">
              {t.colName} <span className="font-normal text-muted-foreground">{ko.authUi.signup.optional}</span>
            </Label>
            <Input id="add-name" name="full_name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-role">{t.colRole}</Label>
            <RoleSelect id="add-role" value={role} onChange={setRole} disabled={busy} />
          </div>
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
