import { useState } from 'react';
import { Copy, Printer, QrCode as QrIcon, RefreshCw, Tablet } from 'lucide-react';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast, toastError } from '@/lib/toast';
import { useCheckInCode, useCreateDisplay, useRevokeDisplay, useRoomDisplays, useRotateCheckInCode } from '../api/door';
import { useRooms } from '../api/list-rooms';
import { dateLabel, hhmm, seoulDate, seoulMinute } from '../lib/seoul';
import { QrCode } from './qr-code';

const t = koRoomsDoor.admin;
const when = (iso: string) => `${dateLabel(seoulDate(iso))} ${hhmm(seoulMinute(iso))}`;

/** A printable page with the room's name and QR code, in a window of its own (no script of ours runs there). */
function printQr(roomName: string, svgSrc: string | null) {
  const w = window.open('', '_blank', 'width=600,height=800');
  if (!w || !svgSrc) return;
  const doc = w.document;
  doc.title = t.qrTitle(roomName);
  const h = doc.createElement('h1');
  h.textContent = roomName;
  h.style.cssText = 'font: 700 32px sans-serif; text-align: center; margin: 24px 0 8px';
  const img = doc.createElement('img');
  img.src = svgSrc;
  img.alt = t.qrTitle(roomName);
  img.style.cssText = 'display: block; width: 80%; max-width: 480px; margin: 16px auto';
  const p = doc.createElement('p');
  p.textContent = koRoomsDoor.display.scanToCheckIn;
  p.style.cssText = 'font: 20px sans-serif; text-align: center';
  doc.body.append(h, img, p);
  img.onload = () => w.print();
}

function RoomQr({ seedId, roomId, roomName }: { seedId: string; roomId: string; roomName: string }) {
  const code = useCheckInCode(seedId, roomId);
  const rotate = useRotateCheckInCode(seedId);
  const [confirm, setConfirm] = useState(false);
  if (!code.data) return <p className="text-sm text-muted-foreground">{koRoomsDoor.display.loading}</p>;
  const print = () => {
    const img = document.querySelector<HTMLImageElement>(`[data-testid="room-qr-${roomId}"]`);
    printQr(roomName, img?.src ?? null);
  };
  return (
    <div className="grid justify-items-start gap-2 rounded-lg border p-3">
      <p className="font-medium">{t.qrTitle(roomName)}</p>
      <QrCode value={code.data.url} label={t.qrTitle(roomName)} className="size-44 rounded bg-white p-1" testId={`room-qr-${roomId}`} />
      <p className="text-sm text-muted-foreground break-keep">{t.qrHint}</p>
      <code className="block max-w-full break-all rounded bg-muted px-2 py-1 text-xs" data-testid="room-qr-url">
        {code.data.url}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={print}>
          <Printer className="size-4" aria-hidden="true" /> {t.print}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setConfirm(true)}>
          <RefreshCw className="size-4" aria-hidden="true" /> {t.rotate}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t.rotate}
        description={t.rotateConfirm}
        confirmLabel={t.rotate}
        destructive
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(roomId, {
            onSuccess: (r) => {
              toast.success(r.message);
              setConfirm(false);
            },
            onError: (e) => toastError(e),
          })
        }
      />
    </div>
  );
}

/** Rooms settings: the tablets by the doors (display URLs) and each room's QR check-in code. Owners and admins. */
export function DoorSettingsCard({ seedId, canManage }: { seedId: string; canManage: boolean }) {
  const rooms = useRooms(seedId);
  const displays = useRoomDisplays(seedId, canManage);
  const create = useCreateDisplay(seedId);
  const revoke = useRevokeDisplay(seedId);
  const [roomId, setRoomId] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [qrRoom, setQrRoom] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  if (!canManage) return null;
  const list = rooms.data ?? [];
  const chosen = roomId || list[0]?.id || '';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { roomId: chosen, name },
      {
        onSuccess: (r) => {
          setUrl(r.url);
          setName('');
          toast.success(r.message);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Tablet className="size-5" aria-hidden="true" /> {t.title}
        </CardTitle>
        <CardDescription className="break-keep">{t.lead}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="door-room">{t.room}</Label>
            <NativeSelect id="door-room" value={chosen} onChange={(e) => setRoomId(e.target.value)}>
              {list.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="door-name">{t.name}</Label>
            <Input id="door-name" placeholder={t.namePlaceholder} maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={create.isPending || !chosen}>
            {t.create}
          </Button>
          <div className="sm:col-span-3">
            <FieldError message={error ?? undefined} />
          </div>
        </form>
        {url ? (
          <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40" role="status">
            <p className="text-sm break-keep">{t.createdUrl}</p>
            <code className="block break-all rounded bg-background px-2 py-1 text-xs" data-testid="display-url">
              {url}
            </code>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="justify-self-start"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success(t.copied))}
            >
              <Copy className="size-4" aria-hidden="true" /> {t.copy}
            </Button>
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">{t.list}</p>
          {(displays.data?.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.none}</p>
          ) : (
            <ul className="grid gap-1.5" aria-label={t.list}>
              {displays.data?.data.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded border px-3 py-2 text-sm">
                  <span className="break-keep">
                    <span className="font-medium">{d.name}</span> · {d.roomName} ·{' '}
                    <span className="text-muted-foreground">{d.lastSeenAt ? t.lastSeen(when(d.lastSeenAt)) : t.neverSeen}</span>
                  </span>
                  {d.revokedAt ? (
                    <Badge variant="secondary">{t.revoked}</Badge>
                  ) : (
                    <Button type="button" size="sm" variant="outline" onClick={() => setRevoking({ id: d.id, name: d.name })}>
                      {t.revoke}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            {list.map((r) => (
              <Button
                key={r.id}
                type="button"
                size="sm"
                variant={qrRoom === r.id ? 'default' : 'outline'}
                onClick={() => setQrRoom(qrRoom === r.id ? null : r.id)}
              >
                <QrIcon className="size-4" aria-hidden="true" /> {t.showQr} · {r.name}
              </Button>
            ))}
          </div>
          {qrRoom ? <RoomQr seedId={seedId} roomId={qrRoom} roomName={list.find((r) => r.id === qrRoom)?.name ?? ''} /> : null}
        </div>
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => (o ? null : setRevoking(null))}
        title={t.revoke}
        description={revoking ? t.revokeConfirm(revoking.name) : ''}
        confirmLabel={t.revoke}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: (r) => {
              toast.success(r.message);
              setRevoking(null);
            },
            onError: (e) => toastError(e),
          })
        }
      />
    </Card>
  );
}
