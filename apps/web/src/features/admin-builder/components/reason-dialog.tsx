import { useState } from 'react';
import { ko } from '@suite/shared';
import { ZAdminRevealInput } from '@suite/shared/schemas/admin-builder-roles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';

const r = ko.adminBuilder.roles.ui;

/**
 * Asks for a 열람 reason (2–200 characters, the server's own rule) before personal data is read or exported in clear
 * (decision 092). `onSubmit` calls the server; its error is shown under the field and the dialog stays open.
 */
export function ReasonDialog(props: {
  /** Prefix of the field's and the error's element ids. */
  id: string;
  title: string;
  intro: string;
  placeholder: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const submit = () => {
    const ok = ZAdminRevealInput.shape.reason.safeParse(reason);
    if (!ok.success) {
      setError(ok.error.issues[0]?.message ?? r.reason);
      return;
    }
    setError('');
    setPending(true);
    props
      .onSubmit(ok.data)
      .then(() => props.onClose())
      .catch((e: Error) => setError(e.message))
      .finally(() => setPending(false));
  };
  const field = `${props.id}-reason`;
  const err = `${props.id}-err`;
  return (
    <Dialog open onOpenChange={(o) => (o ? null : props.onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription className="break-keep">{props.intro}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <label htmlFor={field} className="text-sm font-medium">
            {r.reason}
          </label>
          <Textarea
            id={field}
            value={reason}
            maxLength={200}
            placeholder={props.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? err : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error ? (
            <p id={err} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onClose} disabled={pending}>
            {ko.adminBuilder.ui.cancel}
          </Button>
          <Button type="button" onClick={submit} disabled={pending}>
            {props.submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
