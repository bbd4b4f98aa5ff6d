import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useSeedPolicy } from '@/features/console/api/get-seed-policy';
import { useSetSeedPolicy } from '@/features/console/api/update-seed-policy';

const t = ko.accounts.ui;

/** The seed owner's rule: the seed's owner and admins must use a second factor for this seed. */
export function SeedSecurityCard({ seedId }: { seedId: string }) {
  const policy = useSeedPolicy(seedId);
  const set = useSetSeedPolicy(seedId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.security}</CardTitle>
      </CardHeader>
      <CardContent>
        {policy.isError ? <p className="text-sm text-destructive break-keep">{policy.error.message}</p> : null}
        {policy.data ? (
          <div className="flex items-start gap-3">
            <Checkbox
              id="seed-second-factor"
              checked={policy.data.required}
              disabled={set.isPending}
              onCheckedChange={(v) =>
                set.mutate({ required: v === true }, { onSuccess: () => toast.success(ko.accounts.server.policySaved), onError: (e) => toast.error(e.message) })
              }
            />
            <div className="grid gap-1">
              <Label htmlFor="seed-second-factor">{t.seedPolicy}</Label>
              <CardDescription className="break-keep">{t.seedPolicyDescription}</CardDescription>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
