import { useState } from 'react';
import { Send } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast, toastError } from '@/lib/toast';
import { useCancelTransfer, useConfirmTransfer, useMarkSent, useMealTransfers, useRecordReceived } from '../api/meal-transfers';
import { TransferDialog } from './transfer-dialog';

const t = ko.meal.transfers.ui;
const won = ko.meal.ui.won;
type TPerson = { userId: string; name: string };

/** "송금하기" on a suggested transfer the viewer pays: the dialog with the receiver's links (from the transfers view). */
export function TransferSend({ seedId, userId, transfer }: { seedId: string; userId: string; transfer: { from: TPerson; to: TPerson; amount: number } }) {
  const q = useMealTransfers(seedId);
  const send = useMarkSent(seedId);
  const [open, setOpen] = useState(false);
  if (transfer.from.userId !== userId || !q.data) return null;
  const suggestion = q.data.suggested.find((s) => s.from.userId === userId && s.to.userId === transfer.to.userId);
  if (!suggestion) return null;
  const waiting = q.data.pending.some((p) => p.from.userId === userId && p.to.userId === transfer.to.userId);
  return (
    <>
      {waiting ? <span className="text-xs text-muted-foreground break-keep">{t.waiting}</span> : null}
      <Button size="sm" data-testid={`transfer-send-${transfer.to.userId}`} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" /> {t.send}
      </Button>
      {open ? (
        <TransferDialog
          open
          onOpenChange={setOpen}
          target={suggestion}
          pending={send.isPending}
          onMarkSent={(method) =>
            send.mutate(
              { toUserId: suggestion.to.userId, amount: suggestion.amount, method },
              { onSuccess: (r) => (setOpen(false), toast.success(r.message)), onError: (e) => toastError(e) },
            )
          }
        />
      ) : null}
    </>
  );
}

/** Transfers waiting for the receiver ("받았어요", cancel), and recording money received with no notice. */
export function TransferInbox({ seedId, userId, manager }: { seedId: string; userId: string; manager: boolean }) {
  const q = useMealTransfers(seedId);
  const confirm = useConfirmTransfer(seedId);
  const cancel = useCancelTransfer(seedId);
  const [receiving, setReceiving] = useState(false);
  if (!q.data) return null;
  const payers = q.data.suggested.filter((s) => s.to.userId === userId);
  const done = { onSuccess: (r: { message: string }) => toast.success(r.message), onError: (e: Error) => toastError(e) };
  return (
    <div className="grid gap-3" data-testid="transfer-inbox">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{t.pendingTitle}</p>
        {payers.length ? (
          <Button size="sm" variant="outline" onClick={() => setReceiving(true)}>
            {t.recordReceived}
          </Button>
        ) : null}
      </div>
      {q.data.pending.length === 0 ? <p className="text-sm text-muted-foreground break-keep">{t.noPending}</p> : null}
      <ul className="grid gap-2">
        {q.data.pending.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
            <span className="break-keep">
              {t.pendingLine(p.from.name, p.to.name, p.amount)}
              {p.method ? (
                <span className="text-muted-foreground"> · {ko.meal.transfers.methods[p.method as keyof typeof ko.meal.transfers.methods] ?? p.method}</span>
              ) : null}
            </span>
            <span className="flex gap-2">
              {p.to.userId === userId || manager ? (
                <Button size="sm" data-testid={`transfer-confirm-${p.id}`} disabled={confirm.isPending} onClick={() => confirm.mutate(p.id, done)}>
                  {t.confirm}
                </Button>
              ) : (
                <span className="self-center text-xs text-muted-foreground">{t.waiting}</span>
              )}
              <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(p.id, done)}>
                {t.cancel}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {receiving ? <ReceivedDialog seedId={seedId} payers={payers} onClose={() => setReceiving(false)} /> : null}
    </div>
  );
}

/** The receiver records money received directly: who sent it and how much (up to the suggested debt by default). */
function ReceivedDialog({ seedId, payers, onClose }: { seedId: string; payers: { from: TPerson; amount: number }[]; onClose: () => void }) {
  const record = useRecordReceived(seedId);
  const [from, setFrom] = useState(payers[0]?.from.userId ?? '');
  const [amount, setAmount] = useState(String(payers[0]?.amount ?? ''));
  const pick = (id: string) => (setFrom(id), setAmount(String(payers.find((p) => p.from.userId === id)?.amount ?? '')));
  const submit = () =>
    record.mutate({ fromUserId: from, amount: Number(amount) }, { onSuccess: (r) => (onClose(), toast.success(r.message)), onError: (e) => toastError(e) });
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent closeLabel={t.close}>
        <DialogHeader>
          <DialogTitle>{t.receivedTitle}</DialogTitle>
          <DialogDescription>{t.receivedHelp}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="received-from">{t.receivedFrom}</Label>
          <NativeSelect id="received-from" value={from} onChange={(e) => pick(e.target.value)}>
            {payers.map((p) => (
              <option key={p.from.userId} value={p.from.userId}>
                {p.from.name} ({won(p.amount)})
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="received-amount">{t.receivedAmount}</Label>
          <Input id="received-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))} />
        </div>
        <DialogFooter>
          <Button type="button" disabled={record.isPending || !from || !amount} onClick={submit}>
            {t.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
