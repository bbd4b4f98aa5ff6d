import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { MASKED_VALUE } from '@suite/shared/schemas/admin-builder-roles';
import { Button } from '@/components/ui/button';
import { useReveal } from '../api/roles';
import { labelOf, Note, show } from './common';
import { ReasonDialog } from './reason-dialog';

const r = ko.adminBuilder.roles.ui;

/**
 * A row's masked personal data (decision 092): '●●●' until a person whose role may 열람 gives a reason (2–200
 * characters); the server records the read with the reason and answers the value, shown here until the page closes.
 */
export function MaskedFields({
  seedId,
  appId,
  table,
  rowKey,
  row,
}: {
  seedId: string;
  appId: string;
  table: TAdminTable;
  rowKey: string;
  row: Record<string, unknown>;
}) {
  const masked = table.columns.filter((c) => c.masked && row[c.name] !== null && row[c.name] !== undefined);
  const [clear, setClear] = useState<Record<string, unknown>>({});
  const [asking, setAsking] = useState<string | null>(null);
  const may = table.rights.includes('unmask') && table.primaryKey.length > 0;
  if (!masked.length) return null;
  return (
    <section className="grid gap-2 rounded-md border border-dashed p-3" aria-label={r.revealTitle}>
      <Note>{r.revealIntro}</Note>
      <ul className="grid gap-1">
        {masked.map((c) => (
          <li key={c.name} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{labelOf(table, c.name)}</span>
            <span data-testid={`ad-masked-${c.name}`} className={c.name in clear ? 'font-mono' : 'tracking-widest text-muted-foreground'}>
              {c.name in clear ? show(clear[c.name]) : MASKED_VALUE}
            </span>
            {may && !(c.name in clear) ? (
              <Button size="sm" variant="outline" onClick={() => setAsking(c.name)}>
                {r.reveal}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {asking ? (
        <RevealDialog
          seedId={seedId}
          appId={appId}
          table={table}
          rowKey={rowKey}
          column={asking}
          onClose={() => setAsking(null)}
          onValue={(v) => setClear((x) => ({ ...x, [asking]: v }))}
        />
      ) : null}
    </section>
  );
}

function RevealDialog(props: {
  seedId: string;
  appId: string;
  table: TAdminTable;
  rowKey: string;
  column: string;
  onClose: () => void;
  onValue: (v: unknown) => void;
}) {
  const reveal = useReveal(props.seedId, props.appId, props.table.name);
  return (
    <ReasonDialog
      id="ad-reveal"
      title={`${r.revealTitle} — ${labelOf(props.table, props.column)}`}
      intro={r.revealIntro}
      placeholder={r.reasonPlaceholder}
      submitLabel={r.revealSubmit}
      onSubmit={async (reason) => {
        const res = await reveal.mutateAsync({ key: props.rowKey, column: props.column, reason });
        props.onValue(res.data.value);
      }}
      onClose={props.onClose}
    />
  );
}
