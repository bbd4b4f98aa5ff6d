import { ko } from '@suite/shared';
import type { TApiKey } from '@suite/shared/schemas/api-builder';
import { toast, toastError } from '@/lib/toast';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useUpdateKey } from '../api/update-key';

const k = ko.apiBuilder.ui.keyForm;

/** On a live key's row: whether it reads 주민등록번호, phone, card and account numbers unmasked (issue 36). */
export function KeyPersonalToggle({ seedId, apiKey }: { seedId: string; apiKey: TApiKey }) {
  const update = useUpdateKey(seedId);
  const id = `key-personal-${apiKey.id}`;
  return (
    <span className="flex items-center gap-1 text-xs" title={k.personalHint}>
      <Checkbox
        id={id}
        checked={apiKey.readPersonalData}
        disabled={update.isPending}
        onCheckedChange={(c) =>
          update.mutateAsync({ id: apiKey.id, input: { readPersonalData: c === true } }).then(
            (r) => toast.success(r.message),
            (err: unknown) => toastError(err, ko.errors.internal),
          )
        }
      />
      <Label htmlFor={id}>{k.personal}</Label>
    </span>
  );
}
