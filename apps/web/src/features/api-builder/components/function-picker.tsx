import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/lib/toast';
import { useDbFunctions } from '../api/list-functions';
import { useUpdateApi } from '../api/update-api';

const t = ko.apiBuilder.ui;

/** Functions published for `/rpc/{function}` (issue 36): the database's functions with a checkbox each; saved together. */
export function FunctionPicker({ seedId, api }: { seedId: string; api: TApiDefinition }) {
  const list = useDbFunctions(seedId, api.connectionId);
  const update = useUpdateApi(seedId);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set((api.functions ?? []).map((f) => f.name)));
  // PostgreSQL overloads share a name: one checkbox per name.
  const names = [...new Map((list.data?.data ?? []).map((f) => [f.name, f])).values()];
  const toggle = (name: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const save = () =>
    update.mutateAsync({ apiId: api.id, body: { functions: [...chosen].map((name) => ({ name })) } }).then(
      (r) => toast.success(r.message),
      (e: unknown) => toastError(e, ko.errors.internal),
    );
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">{t.functions}</legend>
      <p className="text-xs text-muted-foreground break-keep">{t.functionsNote}</p>
      {list.isPending ? <p className="text-xs text-muted-foreground">{t.functionsLoading}</p> : null}
      {list.isError ? <p className="text-xs text-destructive">{ko.errors.internal}</p> : null}
      {list.data && names.length === 0 ? <p className="text-xs text-muted-foreground break-keep">{t.functionsNone}</p> : null}
      {names.map((f) => {
        const id = `fn-${api.id}-${f.name}`;
        return (
          <span key={f.name} className="flex flex-wrap items-center gap-2 text-sm">
            <Checkbox id={id} checked={chosen.has(f.name)} onCheckedChange={(c) => toggle(f.name, c === true)} />
            <Label htmlFor={id} className="font-mono">
              {f.name}({f.args.map((a) => a.name).join(', ')})
            </Label>
            {f.kind === 'procedure' ? <Badge variant="outline">{t.functionProcedure}</Badge> : null}
            {f.readOnly ? <Badge variant="outline">{t.functionReadOnly}</Badge> : null}
          </span>
        );
      })}
      {names.length ? (
        <div>
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => void save()}>
            {t.functionsSave}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
