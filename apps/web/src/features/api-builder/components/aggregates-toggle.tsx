import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/lib/toast';
import { useUpdateApi } from '../api/update-api';

const t = ko.apiBuilder.ui;

/** The API's `db-aggregates-enabled` (issue 36): `select=amount.sum()` etc. allowed or refused (PGRST123). Off by default. */
export function AggregatesToggle({ seedId, api }: { seedId: string; api: TApiDefinition }) {
  const update = useUpdateApi(seedId);
  const id = `agg-${api.id}`;
  return (
    <div className="grid gap-1">
      <span className="flex items-center gap-2 text-sm">
        <Checkbox
          id={id}
          checked={api.aggregatesEnabled}
          disabled={update.isPending}
          onCheckedChange={(c) =>
            update.mutateAsync({ apiId: api.id, body: { aggregatesEnabled: c === true } }).then(
              (r) => toast.success(r.message),
              (e: unknown) => toastError(e, ko.errors.internal),
            )
          }
        />
        <Label htmlFor={id} className="break-keep">
          {t.aggregates}
        </Label>
      </span>
      <p className="text-xs text-muted-foreground break-keep">{t.aggregatesNote}</p>
    </div>
  );
}
