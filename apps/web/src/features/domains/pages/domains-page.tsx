import { ko } from '@suite/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { useDomains } from '../api/list-domains';
import { DomainForm } from '../components/domain-form';
import { DomainList } from '../components/domain-list';
import { TlsCard } from '../components/tls-card';

const t = ko.domains.ui;

function Manage({ seedId }: { seedId: string }) {
  const list = useDomains(seedId);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.addTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <DomainForm seedId={seedId} />
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="domains-list-title">
        <h2 id="domains-list-title" className="text-lg font-semibold">
          {t.listTitle}
        </h2>
        <DomainList seedId={seedId} />
      </section>
      <TlsCard domains={list.data?.data ?? []} />
    </>
  );
}

/**
 * /admin/domains (issue 33): the selected seed's owner and admins attach host names for the data API, the help centre
 * and mail, see the DNS records to add and their status. Members see why they cannot (the server refuses them too).
 */
export function DomainsPage() {
  const { selected } = useSeeds();
  return (
    <div className="grid max-w-5xl gap-6">
      <p className="text-sm text-muted-foreground break-keep">{t.description}</p>
      {!selected ? (
        <p className="text-sm text-muted-foreground">{t.noSeed}</p>
      ) : selected.role === 'member' ? (
        <p className="rounded-md border p-4 text-sm text-muted-foreground break-keep" role="status" data-testid="domains-forbidden">
          {t.forbidden}
        </p>
      ) : (
        <Manage key={selected.id} seedId={selected.id} />
      )}
    </div>
  );
}
