import { useState } from 'react';
import { ko } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeletion } from '../api/get-deletion';
import { koDate } from '../lib/format';
import { DeleteAccountDialog } from './delete-account-dialog';
import { OwnedSeeds } from './owned-seeds';
import { SectionCard } from './section-card';

const t = ko.privacy.settingsUi.deletion;

export function DeletionSection() {
  const deletion = useDeletion();
  const [open, setOpen] = useState(false);
  const status = deletion.data;
  return (
    <SectionCard id="privacy-deletion" title={t.title} description={t.description}>
      {deletion.isPending ? <Skeleton className="h-24 w-full" /> : null}
      <ErrorAlert message={deletion.error?.message} error={deletion.error} />
      {status ? (
        <>
          <ul className="grid list-disc gap-1 pl-5 break-keep">
            {t.what.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {status.ownedSeeds.length > 0 ? (
            <>
              <p className="break-keep text-amber-800 dark:text-amber-200">{ko.privacy.server.seedsOwned}</p>
              <OwnedSeeds seeds={status.ownedSeeds} />
            </>
          ) : null}
          {status.deleteAt ? (
            <p className="font-medium break-keep">{ko.privacy.settingsUi.banner.text(koDate(status.deleteAt))}</p>
          ) : (
            <Button variant="destructive" className="justify-self-start" onClick={() => setOpen(true)}>
              {t.start}
            </Button>
          )}
          <DeleteAccountDialog open={open} onOpenChange={setOpen} status={status} onSeedsOwned={() => void deletion.refetch()} />
        </>
      ) : null}
    </SectionCard>
  );
}
