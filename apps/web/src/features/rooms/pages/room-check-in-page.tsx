import { useParams, useSearchParams } from 'react-router';
import { CheckCircle2, DoorOpen } from 'lucide-react';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { toast, toastError } from '@/lib/toast';
import { usePhoneCheckIn, usePhoneCheckInAction } from '../api/door';
import { slotLabel } from '../lib/seoul';

const t = koRoomsDoor.checkIn;

/** /rooms/check-in/{roomId}?c=<code>: the room's QR code opened on a phone; the member checks in with one tap. */
export function RoomCheckInPage() {
  const { roomId = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('c') ?? '';
  usePageTitle(t.title, { noindex: true });
  const state = usePhoneCheckIn(roomId, code);
  const action = usePhoneCheckInAction(roomId, code);
  const checkIn = (bookingId: string) =>
    action.mutate(bookingId, {
      onSuccess: (r) => toast.success(r.message),
      onError: (e) => toastError(e),
    });
  return (
    <PageContainer className="py-6">
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <DoorOpen className="size-5" aria-hidden="true" />
            {t.title}
          </CardTitle>
          {state.data ? <CardDescription className="break-keep">{t.lead(state.data.room.name)}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-3">
          {state.isPending ? <p className="text-sm text-muted-foreground">{koRoomsDoor.display.loading}</p> : null}
          {state.error ? (
            <p role="alert" className="text-sm text-destructive break-keep">
              {state.error instanceof ApiError ? state.error.message : t.wrongCode}
            </p>
          ) : null}
          {state.data && state.data.bookings.length === 0 ? <p className="text-sm text-muted-foreground break-keep">{t.none}</p> : null}
          {state.data?.bookings.map((b) => (
            <div key={b.id} className="grid gap-2 rounded-lg border p-3" data-testid="check-in-booking">
              <p className="font-semibold break-keep">{b.title}</p>
              <p className="text-sm text-muted-foreground">{slotLabel(b.startsAt, b.endsAt)}</p>
              {b.status === 'checked_in' ? (
                <p role="status" className="flex items-center gap-2 font-semibold text-emerald-700 dark:text-emerald-400">
                  <CheckCircle2 className="size-5" aria-hidden="true" /> {t.done}
                </p>
              ) : (
                <Button type="button" size="lg" className="w-full" disabled={action.isPending} onClick={() => checkIn(b.id)}>
                  {t.button}
                </Button>
              )}
            </div>
          ))}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
