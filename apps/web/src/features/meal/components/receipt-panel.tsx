import { useRef, useState } from 'react';
import { Camera, FileText, Trash2, Upload } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { MEAL_RECEIPT_MAX, type TMealReceipt } from '@suite/shared/schemas/meal-outings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import { toast, toastError } from '@/lib/toast';
import { openReceipt, useDeleteReceipt, useReceiptImage, useReceipts, useUploadReceipt } from '../api/meal-receipts';
import { ReceiptBill } from './receipt-bill';

const o = ko.meal.outing.ui;

/** Whether the user may enter the bill: the one who paid (before that, the host or sponsor), or a seed manager. */
function mayEnterBill(meal: TMeal, userId: string, manager: boolean) {
  if (manager) return true;
  if (meal.paidBy) return meal.paidBy.userId === userId;
  return meal.host.userId === userId || meal.sponsor?.userId === userId;
}

/** Receipts of the round (thumbnails, PDF links, upload, delete) and, for the payer, the bill amount. */
export function ReceiptPanel({ seedId, meal }: { seedId: string; meal: TMeal }) {
  const { user } = useSession();
  const { selected } = useSeeds();
  const me = user?.id ?? '';
  const manager = selected?.role === 'owner' || selected?.role === 'admin';
  const list = useReceipts(seedId, meal.id);
  const upload = useUploadReceipt(seedId, meal.id);
  const remove = useDeleteReceipt(seedId, meal.id);
  // The bill is offered after an upload, on that round only (the panel stays mounted when the page moves to another part).
  const [promptFor, setPromptFor] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const receipts = list.data ?? [];
  const mayUpload = meal.canManage || meal.myStatus === 'joined';
  const payer = mayEnterBill(meal, me, manager);

  const send = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (r) => {
        toast.success(r.message);
        if (payer) setPromptFor(meal.id);
      },
      onError: (e) => toastError(e),
    });
  };
  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    send(e.target.files?.[0]);
    e.target.value = '';
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{o.receipts}</CardTitle>
        <CardDescription className="break-keep">{o.receiptLimitNote(MEAL_RECEIPT_MAX)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {receipts.length === 0 && !list.isLoading ? <p className="text-sm text-muted-foreground">{o.noReceipts}</p> : null}
        <ul className="flex flex-wrap gap-3" data-testid="receipts">
          {receipts.map((r, i) => (
            <li key={r.id} className="grid justify-items-center gap-1">
              <ReceiptThumb seedId={seedId} receipt={r} n={i + 1} />
              {r.canDelete ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${o.deleteReceipt} ${i + 1}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(r.id, { onSuccess: (x) => toast.success(x.message), onError: (e) => toastError(e) })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {mayUpload && receipts.length < MEAL_RECEIPT_MAX ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={picker}
              type="file"
              accept="image/*,application/pdf"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={onPick}
              data-testid="receipt-file"
            />
            <input ref={camera} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onPick} />
            <Button type="button" variant="outline" onClick={() => picker.current?.click()} disabled={upload.isPending}>
              <Upload aria-hidden="true" /> {upload.isPending ? o.uploading : o.uploadReceipt}
            </Button>
            <Button type="button" variant="outline" className="sm:hidden" onClick={() => camera.current?.click()} disabled={upload.isPending}>
              <Camera aria-hidden="true" /> {o.takePhoto}
            </Button>
          </div>
        ) : null}
        {payer ? (
          <ReceiptBill key={meal.id} seedId={seedId} meal={meal} prompt={promptFor === meal.id} />
        ) : meal.billAmount !== null ? (
          <p className="text-sm text-muted-foreground">{o.billReadOnly(meal.billAmount)}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A photo's thumbnail (its bytes fetched with the session) or a PDF's link; either opens the file in a new tab. */
function ReceiptThumb({ seedId, receipt, n }: { seedId: string; receipt: TMealReceipt; n: number }) {
  const pdf = receipt.contentType === 'application/pdf';
  const src = useReceiptImage(seedId, receipt.mealId, pdf ? '' : receipt.id).data;
  const label = pdf ? o.receiptPdf(n) : o.receiptPhoto(n);
  const open = () => void openReceipt(seedId, receipt.mealId, receipt.id, pdf).catch(toastError);
  return (
    <button
      type="button"
      onClick={open}
      aria-label={label}
      className="grid size-20 place-items-center overflow-hidden rounded-md border bg-muted text-xs"
      data-testid="receipt-thumb"
    >
      {pdf ? (
        <span className="grid justify-items-center gap-1 p-1 text-center break-keep">
          <FileText className="size-6" aria-hidden="true" /> PDF
        </span>
      ) : src ? (
        <img src={src} alt={label} className="size-full object-cover" />
      ) : null}
    </button>
  );
}
