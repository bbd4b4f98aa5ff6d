import { useState } from 'react';
import { ko } from '@suite/shared';
import { ZAdminRevealInput } from '@suite/shared/schemas/admin-builder-roles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { downloadExport } from '../api/export-csv';

const r = ko.adminBuilder.roles.ui;

/**
 * 개인정보 포함 내보내기 (decision 092): the masked columns in clear only with a 열람 reason (2–200 characters); the
 * server records the export (reason, columns, row count) before any value leaves. The plain export stays masked.
 */
export function ExportClearDialog(props: { seedId: string; appId: string; table: string; params: URLSearchParams; kind: 'csv' | 'xlsx'; onClose: () => void }) {
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
    downloadExport(props.seedId, props.appId, props.table, props.params, props.kind, ok.data)
      .then(() => props.onClose())
      .catch((e: Error) => setError(e.message))
      .finally(() => setPending(false));
  };
  return (
    <Dialog open onOpenChange={(o) => (o ? null : props.onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{r.exportClear[props.kind]}</DialogTitle>
          <DialogDescription className="break-keep">{r.exportClearIntro}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <label htmlFor="ad-export-reason" className="text-sm font-medium">
            {r.reason}
          </label>
          <Textarea
            id="ad-export-reason"
            value={reason}
            maxLength={200}
            placeholder={r.exportClearPlaceholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ad-export-err' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error ? (
            <p id="ad-export-err" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onClose} disabled={pending}>
            {ko.adminBuilder.ui.cancel}
          </Button>
          <Button type="button" onClick={submit} disabled={pending}>
            {r.exportClearSubmit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
