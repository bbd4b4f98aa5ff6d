import { useState } from 'react';
import { Link } from 'react-router';
import { ko, type TSeedPrivacyReceipt } from '@suite/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { ReceiptDialog } from '../components/receipt-dialog';
import { RequestForm } from '../components/request-form';
import { RequestList } from '../components/request-list';

const t = ko.privacy.seedRequests;

/**
 * /admin/seeds/privacy: the selected seed's owner handles a customer's request to see or delete their data (issue
 * 32). Others see why they cannot (the server refuses them too).
 */
export function SeedPrivacyPage() {
  const { selected } = useSeeds();
  const [receipt, setReceipt] = useState<TSeedPrivacyReceipt | null>(null);
  if (!selected) return <p className="text-sm text-muted-foreground">{ko.consoleUi.seedsPage.none}</p>;
  return (
    <div className="grid max-w-3xl gap-6">
      <Link to="/admin/seeds" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t.back}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.title}</CardTitle>
          <CardDescription className="break-keep">{t.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {selected.role === 'owner' ? (
            <RequestForm key={selected.id} seedId={selected.id} onDone={(r) => r.kind === 'erase' && setReceipt(r)} />
          ) : (
            <p className="text-sm text-muted-foreground break-keep" role="status">
              {ko.privacy.server.ownerOnly}
            </p>
          )}
        </CardContent>
      </Card>
      {selected.role === 'owner' ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t.listTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            <RequestList key={selected.id} seedId={selected.id} onReceipt={setReceipt} />
          </CardContent>
        </Card>
      ) : null}
      <ReceiptDialog receipt={receipt} seedName={selected.seed_name} onClose={() => setReceipt(null)} />
    </div>
  );
}
