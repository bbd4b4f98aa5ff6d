import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { CardDescription } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

type TPolicy = { isError: boolean; error: Error | null; data: { required: boolean } | undefined };
type TSetPolicy = {
  isPending: boolean;
  mutate: (v: { required: boolean }, o: { onSuccess: () => void; onError: (e: Error) => void }) => void;
};

/** A second-factor rule as a checkbox (the platform's for admins, a seed's for its owner and admins), saved at once. */
export function PolicyToggle({ id, policy, set, label, description }: { id: string; policy: TPolicy; set: TSetPolicy; label: string; description: string }) {
  return (
    <>
      {policy.isError ? <p className="text-sm text-destructive break-keep">{policy.error?.message}</p> : null}
      {policy.data ? (
        <div className="flex items-start gap-3">
          <Checkbox
            id={id}
            checked={policy.data.required}
            disabled={set.isPending}
            onCheckedChange={(v) =>
              set.mutate({ required: v === true }, { onSuccess: () => toast.success(ko.accounts.server.policySaved), onError: (e) => toastError(e) })
            }
          />
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <CardDescription className="break-keep">{description}</CardDescription>
          </div>
        </div>
      ) : null}
    </>
  );
}
