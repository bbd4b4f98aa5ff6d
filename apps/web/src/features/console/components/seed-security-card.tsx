import { ko } from '@suite/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeedPolicy } from '@/features/console/api/get-seed-policy';
import { useSetSeedPolicy } from '@/features/console/api/update-seed-policy';
import { PolicyToggle } from '@/features/console/components/policy-toggle';

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
        <PolicyToggle id="seed-second-factor" policy={policy} set={set} label={t.seedPolicy} description={t.seedPolicyDescription} />
      </CardContent>
    </Card>
  );
}
