import { ko, type TSeedPrivacyReceipt } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { receiptJson, receiptTime } from '../lib/format';
import './receipt-print.css';

const t = ko.privacy.seedRequests;

function saveJson(r: TSeedPrivacyReceipt, seedName: string) {
  const url = URL.createObjectURL(new Blob([receiptJson(r, seedName)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `privacy-receipt-${r.createdAt.slice(0, 10)}-${r.id.slice(0, 8)}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/** One request's receipt: what was asked, about whom (masked), when, and the rows found or erased per table. */
export function ReceiptDialog({ receipt, seedName, onClose }: { receipt: TSeedPrivacyReceipt | null; seedName: string; onClose: () => void }) {
  const r = receipt;
  const rows = r ? Object.entries(r.receipt) : [];
  const fields = r
    ? ([
        [t.receiptFields.id, r.id],
        [t.receiptFields.kind, t.kinds[r.kind]],
        [t.receiptFields.subjectKind, t.subjectTypes[r.subjectKind]],
        [t.receiptFields.subject, r.subjectMasked],
        [t.receiptFields.status, t.status[r.status]],
        [t.receiptFields.requestedAt, receiptTime(r.createdAt)],
        [t.receiptFields.completedAt, receiptTime(r.completedAt)],
      ] as const)
    : [];
  return (
    <Dialog open={Boolean(r)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg" data-print-receipt="" closeLabel={t.close}>
        <DialogHeader>
          <DialogTitle>{t.receiptTitle}</DialogTitle>
          <DialogDescription>{seedName}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {rows.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th className="py-1 font-medium">{t.receiptTable}</th>
                <th className="py-1 text-right font-medium">{r ? t.receiptRows[r.kind] : ''}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, n]) => (
                <tr key={label} className="border-b last:border-0">
                  <td className="py-1 break-keep">{label}</td>
                  <td className="py-1 text-right tabular-nums">{n.toLocaleString('ko-KR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted-foreground">{t.receiptNone}</p>
        )}
        {r?.kind === 'export' ? <p className="text-sm text-muted-foreground break-keep">{t.exportMailed}</p> : null}
        <p className="text-xs text-muted-foreground break-keep">{t.receiptNote}</p>
        <DialogFooter data-print-hide="">
          <Button variant="outline" onClick={() => r && saveJson(r, seedName)}>
            {t.downloadJson}
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            {t.print}
          </Button>
          <Button onClick={onClose}>{t.close}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
