import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { ZMealBillInput } from '@suite/shared/schemas/meal-outings';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useSetBill } from '../api/meal-outings';

const o = ko.meal.outing.ui;

/** The bill field of the round's payer: what the receipt says, checked with the same schema as the server. */
export function ReceiptBill({ seedId, meal, prompt }: { seedId: string; meal: TMeal; prompt: boolean }) {
  const save = useSetBill(seedId, meal.id);
  const [value, setValue] = useState(meal.billAmount === null ? '' : String(meal.billAmount));
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = value.replace(/[,\s원]/g, '');
    const parsed = ZMealBillInput.safeParse({ amount: text === '' ? null : Number(text) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, { onSuccess: (r) => toast.success(r.message), onError: (err) => setError(err.message) });
  };
  const written = meal.status === 'drawn' || (meal.status === 'closed' && meal.shares.length > 0);
  return (
    <form onSubmit={submit} className="grid gap-1.5" noValidate aria-label={o.bill} data-testid="receipt-bill">
      {prompt ? (
        <p role="status" className="text-sm font-medium break-keep">
          {o.billPrompt}
        </p>
      ) : null}
      <Label htmlFor={`bill-${meal.id}`}>{prompt ? o.billFromReceipt : o.bill}</Label>
      <div className="flex gap-2">
        <Input
          id={`bill-${meal.id}`}
          inputMode="numeric"
          placeholder={String(meal.summary.total)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="min-w-0 flex-1"
          aria-describedby={`bill-help-${meal.id}`}
        />
        <Button type="submit" disabled={save.isPending}>
          {o.billSave}
        </Button>
      </div>
      <FieldError message={error} />
      <p id={`bill-help-${meal.id}`} className="text-xs text-muted-foreground break-keep">
        {o.billHelp} {o.billFromItems(meal.summary.total)}
        {written ? ` ${o.billClosedNote}` : ''}
      </p>
    </form>
  );
}
