import { useState } from 'react';
import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useConnections } from '../api/list-connections';
import { usePublishApi } from '../api/publish-api';
import { TablePicker, toPublished, type TPicked } from './table-picker';

const t = ko.apiBuilder.ui;
const p = t.publish;

/** Publishes tables of any connection (the first run, the API list and the settings use it): connection → tables → requests. */
export function PublishApi({
  seedId,
  connectionId: initial,
  onPublished,
  fixedConnection = false,
}: {
  seedId: string;
  connectionId?: string;
  onPublished?: (r: { id: string; baseUrl: string; table: string }) => void;
  /** The first run: the connection just made, no choice. */
  fixedConnection?: boolean;
}) {
  const conns = useConnections(seedId);
  const publish = usePublishApi(seedId);
  const [chosen, setChosen] = useState(initial ?? '');
  const [picked, setPicked] = useState<TPicked>({});
  const [error, setError] = useState<string | null>(null);
  const connectionId = chosen || conns.data?.[0]?.id || '';
  const tables = toPublished(picked);
  const submit = async () => {
    setError(null);
    try {
      const r = await publish.mutateAsync({ connectionId, tables });
      toast.success(ko.apiBuilder.server.published);
      setPicked({});
      onPublished?.({ ...r, table: tables[0]!.name });
    } catch (e) {
      setError(e instanceof Error ? e.message : ko.errors.internal);
    }
  };
  if (!fixedConnection && conns.data?.length === 0)
    return (
      <p className="text-sm text-muted-foreground break-keep">
        {p.noConnections}{' '}
        <Link className="underline" to="/admin/services/api-builder/settings">
          {p.goSettings}
        </Link>
      </p>
    );
  return (
    <div className="grid gap-3">
      {fixedConnection ? null : (
        <div className="grid max-w-sm gap-1">
          <Label htmlFor="publish-connection">{p.connection}</Label>
          <NativeSelect
            id="publish-connection"
            value={connectionId}
            onChange={(e) => {
              setChosen(e.target.value);
              setPicked({});
            }}
          >
            {conns.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({t.form.engines[c.engine]})
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <p className="text-sm break-keep">{t.firstRun.pickTables}</p>
      {connectionId ? <TablePicker seedId={seedId} connectionId={connectionId} value={picked} onChange={setPicked} idPrefix="publish" /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive break-keep">
          {error}
        </p>
      ) : null}
      <div>
        <Button onClick={() => void submit()} disabled={!connectionId || !tables.length || publish.isPending}>
          {p.submit}
        </Button>
      </div>
    </div>
  );
}
