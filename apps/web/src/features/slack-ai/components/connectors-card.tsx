import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TConnector } from '@suite/shared/schemas/connectors';
import { toast, toastError } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useConnectNotion, useConnectors, useDisconnectConnector, useStartDrive, useSyncConnector, useUpdateConnector } from '../api/connectors';

const t = ko.connectors;

const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(
        new Date(iso),
      )
    : null;

/** 연결 card (decision 089): connect Google Drive or Notion, status, last sync, 지금 동기화, folders or public pages, disconnect. */
export function ConnectorsCard({ id, canManage }: { id: string; canManage: boolean }) {
  const list = useConnectors(id);
  const notion = useConnectNotion(id);
  const drive = useStartDrive(id);
  const [token, setToken] = useState('');
  const data = list.data?.data;
  const result = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('drive');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription className="break-keep">{t.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result && t.callback[result] ? (
          <p role="status" className="break-keep text-sm">
            {t.callback[result]}
          </p>
        ) : null}
        {list.isPending ? <Loader2 className="size-4 animate-spin" aria-label={t.syncing} /> : null}
        {data && data.connections.length === 0 ? <p className="text-sm text-muted-foreground">{t.none}</p> : null}
        {data?.connections.map((c) => (
          <ConnectionRow key={c.id} id={id} c={c} canManage={canManage} />
        ))}
        {canManage ? (
          <div className="grid gap-3 border-t pt-4">
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                disabled={!data?.drive_available || drive.isPending}
                onClick={() =>
                  drive.mutate(undefined, {
                    onSuccess: (r) => window.location.assign(r.data.url),
                    onError: (e) => toastError(e),
                  })
                }
              >
                {t.connectDrive}
              </Button>
              {data && !data.drive_available ? <span className="break-keep text-sm text-muted-foreground">{t.driveUnavailable}</span> : null}
            </div>
            <form
              className="grid gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                notion.mutate(token.trim(), {
                  onSuccess: () => {
                    setToken('');
                    toast.success(t.server.connected);
                  },
                  onError: (err) => toastError(err),
                });
              }}
            >
              <Label htmlFor={`notion-token-${id}`}>{t.notionTokenLabel}</Label>
              <p className="break-keep text-xs text-muted-foreground">{t.notionTokenHint}</p>
              <div className="flex flex-wrap gap-2">
                <Input
                  id={`notion-token-${id}`}
                  type="password"
                  autoComplete="off"
                  className="min-w-0 flex-1"
                  value={token}
                  onChange={(e) => setToken(e.target.value)}
                />
                <Button type="submit" variant="outline" disabled={!token.trim() || notion.isPending}>
                  {notion.isPending ? <Loader2 className="size-4 animate-spin" /> : null}
                  {t.connectNotion}
                </Button>
              </div>
            </form>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ConnectionRow({ id, c, canManage }: { id: string; c: TConnector; canManage: boolean }) {
  const sync = useSyncConnector(id);
  const update = useUpdateConnector(id);
  const disconnect = useDisconnectConnector(id);
  const [confirm, setConfirm] = useState(false);
  const [folders, setFolders] = useState(c.folder_ids.join(', '));
  const [pages, setPages] = useState<string[]>(c.public_page_ids);
  const name = c.kind === 'notion' ? t.notion : t.drive;
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-label={name}>
      <div className="flex flex-wrap items-center gap-2">
        <strong>{name}</strong>
        <span className="text-sm text-muted-foreground">{c.account}</span>
        <Badge variant={c.status === 'error' ? 'destructive' : 'secondary'}>{t.status[c.status]}</Badge>
      </div>
      {c.last_error ? (
        <p role="alert" className="break-keep text-sm text-destructive">
          {c.last_error}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t.lastSync(when(c.last_sync_at))} · {t.items(c.items.length)}
      </p>
      {canManage && c.kind === 'google_drive' ? (
        <div className="grid gap-1">
          <Label htmlFor={`folders-${c.id}`}>{t.folderLabel}</Label>
          <p className="break-keep text-xs text-muted-foreground">{t.folderHint}</p>
          <div className="flex flex-wrap gap-2">
            <Input id={`folders-${c.id}`} className="min-w-0 flex-1" value={folders} onChange={(e) => setFolders(e.target.value)} />
            <Button
              type="button"
              variant="outline"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { connectionId: c.id, body: { folder_ids: folders.split(/[\s,]+/).filter(Boolean) } },
                  { onSuccess: () => toast.success(t.server.saved), onError: (e) => toastError(e) },
                )
              }
            >
              {t.saveFolders}
            </Button>
          </div>
        </div>
      ) : null}
      {canManage && c.kind === 'notion' && c.items.length ? (
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t.publicPages}</legend>
          <p className="break-keep text-xs text-muted-foreground">{t.publicPagesHint}</p>
          {c.items.map((i) => (
            <label key={i.id} className="flex items-center gap-2 text-sm">
              <Checkbox checked={pages.includes(i.id)} onCheckedChange={(on) => setPages((p) => (on === true ? [...p, i.id] : p.filter((x) => x !== i.id)))} />
              <span className="break-keep">{i.title}</span>
            </label>
          ))}
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { connectionId: c.id, body: { public_page_ids: pages } },
                { onSuccess: () => toast.success(t.server.saved), onError: (e) => toastError(e) },
              )
            }
          >
            {t.savePages}
          </Button>
        </fieldset>
      ) : null}
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={sync.isPending}
            onClick={() =>
              sync.mutate(c.id, { onSuccess: (r) => toast.success((r as { message?: string }).message ?? t.server.synced), onError: (e) => toastError(e) })
            }
          >
            {sync.isPending ? <Loader2 className="size-4 animate-spin" /> : null}
            {sync.isPending ? t.syncing : t.syncNow}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirm(true)}>
            {t.disconnect}
          </Button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title={t.disconnect}
            description={t.disconnectConfirm}
            confirmLabel={t.disconnect}
            destructive
            pending={disconnect.isPending}
            onConfirm={() =>
              disconnect.mutate(c.id, {
                onSuccess: () => {
                  setConfirm(false);
                  toast.success(t.server.disconnected);
                },
                onError: (e) => toastError(e),
              })
            }
          />
        </div>
      ) : null}
    </section>
  );
}
