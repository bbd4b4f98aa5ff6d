import { useState } from 'react';
import { Copy, ExternalLink } from 'lucide-react';
import { ko } from '@suite/shared';
import { MEAL_TRANSFER_METHODS, type TMealTransferLinks, type TMealTransferMethod } from '@suite/shared/schemas/meal-transfers';
import { buttonVariants } from '@/components/ui/button-variants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

const t = ko.meal.transfers.ui;
const methods = ko.meal.transfers.methods;

export type TTransferTarget = { to: { userId: string; name: string }; amount: number; links: TMealTransferLinks };

const firstMethod = (links: TMealTransferLinks): TMealTransferMethod => (links.toss ? 'toss' : links.kakaoPay ? 'kakaopay' : 'bank');

/**
 * 송금하기: the receiver's Toss and Kakao Pay links (anchors: the apps open from them), the account with a copy button,
 * and "보냈어요", which tells the receiver to confirm. Without a saved profile only a line saying so.
 */
export function TransferDialog({
  open,
  onOpenChange,
  target,
  pending,
  onMarkSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: TTransferTarget;
  pending: boolean;
  onMarkSent: (method: TMealTransferMethod) => void;
}) {
  const { links, amount } = target;
  const [method, setMethod] = useState<TMealTransferMethod>(firstMethod(links));
  const none = !links.toss && !links.kakaoPay && !links.bank;
  const copy = async () => {
    setMethod('bank');
    try {
      await navigator.clipboard.writeText(links.bank!.accountNumber);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  const appLink = 'w-full justify-between break-keep';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" closeLabel={t.close}>
        <DialogHeader>
          <DialogTitle className="break-keep leading-snug">{t.sendTitle(target.to.name, amount)}</DialogTitle>
          <DialogDescription>{t.sendHelp}</DialogDescription>
        </DialogHeader>
        {none ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-keep" data-testid="transfer-no-profile">
            {t.noProfile}
          </p>
        ) : null}
        <div className="grid gap-2">
          {links.toss ? (
            <a
              href={links.toss}
              data-testid="transfer-link-toss"
              onClick={() => setMethod('toss')}
              className={cn(buttonVariants(), appLink, 'bg-[#0064FF] text-white hover:bg-[#0064FF]/90')}
            >
              {t.toss} <ExternalLink aria-hidden="true" />
            </a>
          ) : null}
          {links.kakaoPay ? (
            <>
              <a
                href={links.kakaoPay}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="transfer-link-kakaopay"
                onClick={() => setMethod('kakaopay')}
                className={cn(buttonVariants(), appLink, 'bg-[#FEE500] text-[#191919] hover:bg-[#FEE500]/90')}
              >
                {t.kakaoPay} <ExternalLink aria-hidden="true" />
              </a>
              <p className="text-xs text-muted-foreground break-keep">{t.kakaoPayAmount(amount)}</p>
            </>
          ) : null}
          {links.bank ? (
            <div className="grid gap-2 rounded-md border p-3 text-sm">
              <p className="font-medium">{t.bank}</p>
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-all">
                  {links.bank.bankName} <span className="font-mono tabular-nums select-all">{links.bank.accountNumber}</span> · {links.bank.accountHolder}
                </span>
                <Button type="button" size="sm" variant="outline" data-testid="transfer-copy-account" onClick={() => void copy()}>
                  <Copy aria-hidden="true" /> {t.copy}
                </Button>
              </p>
            </div>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="transfer-method">{t.method}</Label>
          <NativeSelect id="transfer-method" value={method} onChange={(e) => setMethod(e.target.value as TMealTransferMethod)}>
            {MEAL_TRANSFER_METHODS.map((m) => (
              <option key={m} value={m}>
                {methods[m]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DialogFooter>
          <Button type="button" data-testid="transfer-mark-sent" disabled={pending} onClick={() => onMarkSent(method)}>
            {t.markSent}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
