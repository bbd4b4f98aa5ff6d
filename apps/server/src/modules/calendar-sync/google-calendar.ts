/**
 * Google Calendar over its REST API (GOOGLE_API_URL, calendar v3, the member's primary calendar) with OAuth tokens
 * from GOOGLE_OAUTH_URL: the refresh token is exchanged for an access token once per client. Incremental listing by
 * syncToken; a 410 (token expired) starts a full listing from yesterday. Event ids of suite bookings are derived from
 * the booking id, so an insert retried after a lost answer meets a 409 and becomes a patch: never a second event.
 */
import type { TConfig } from '../../config.ts';
import { CalendarHttpError, type TCalendarClient, type TOutEvent, type TRemoteEvent } from './calendar-client.ts';

export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/calendar.events', 'openid', 'email'];
const TIMEOUT_MS = 15_000;

type TGoogleConfig = TConfig['google'];
type TGoogleEvent = {
  id: string;
  etag?: string;
  status?: string;
  summary?: string;
  description?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  organizer?: { email?: string; self?: boolean };
  attendees?: { email?: string; responseStatus?: string; resource?: boolean; comment?: string; displayName?: string; self?: boolean; organizer?: boolean }[];
  recurringEventId?: string;
  recurrence?: string[];
};

/** The event id of a booking: base32hex characters (a–v, 0–9), 5–1024 long (Google's rule for client ids). */
export const googleEventIdOf = (bookingId: string) => `suite${bookingId.replace(/-/g, '')}`;

async function form(url: string, body: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(body).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new CalendarHttpError('google token', res.status);
  return (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number; id_token?: string };
}

/** The authorization-code exchange of the OAuth callback. */
export async function exchangeCode(g: TGoogleConfig, code: string, redirectUri: string) {
  const t = await form(`${g.oauthUrl}/token`, {
    grant_type: 'authorization_code',
    code,
    client_id: g.clientId ?? '',
    client_secret: g.clientSecret ?? '',
    redirect_uri: redirectUri,
  });
  if (!t.access_token) throw new CalendarHttpError('google token', 502);
  return { accessToken: t.access_token, refreshToken: t.refresh_token ?? null, email: idTokenEmail(t.id_token) };
}

/**
 * The account's address from the ID token of the code exchange (scope openid email). It came straight from the token
 * endpoint over TLS, which OpenID Connect Core 3.1.3.7 accepts in place of checking its signature.
 */
function idTokenEmail(idToken: string | undefined): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(idToken?.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

/** The id of the primary calendar: the account's address (when the ID token did not say it). */
export async function primaryCalendarId(g: TGoogleConfig, accessToken: string): Promise<string> {
  const res = await fetch(`${g.apiUrl}/calendar/v3/calendars/primary`, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new CalendarHttpError('google calendars.get', res.status);
  return String(((await res.json()) as { id?: string }).id ?? '');
}

const when = (t: { dateTime?: string; date?: string } | undefined) =>
  t?.dateTime ? new Date(t.dateTime) : t?.date ? new Date(`${t.date}T00:00:00+09:00`) : new Date(Number.NaN);

function toRemote(e: TGoogleEvent): TRemoteEvent {
  return {
    id: e.id,
    etag: e.etag ?? null,
    cancelled: e.status === 'cancelled',
    title: e.summary ?? '',
    description: e.description ?? '',
    start: when(e.start),
    end: when(e.end),
    organizerSelf: e.organizer?.self === true,
    attendees: (e.attendees ?? []).map((a) => ({ email: (a.email ?? '').toLowerCase(), status: a.responseStatus ?? 'needsAction' })),
    recurring: Boolean(e.recurrence?.length),
  };
}

const body = (ev: TOutEvent) => ({
  summary: ev.title,
  description: ev.description,
  location: ev.room.name,
  start: { dateTime: ev.start.toISOString(), timeZone: 'Asia/Seoul' },
  end: { dateTime: ev.end.toISOString(), timeZone: 'Asia/Seoul' },
  attendees: [
    ...ev.attendees.map((a) => ({ email: a.email, ...(a.name ? { displayName: a.name } : {}) })),
    { email: ev.room.email, displayName: ev.room.name, resource: true, responseStatus: 'accepted' },
  ],
});

export function googleCalendar(g: TGoogleConfig, refreshToken: string, now: () => Date): TCalendarClient {
  let access: string | undefined;
  const token = async () => {
    if (access) return access;
    const t = await form(`${g.oauthUrl}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: g.clientId ?? '',
      client_secret: g.clientSecret ?? '',
    });
    if (!t.access_token) throw new CalendarHttpError('google token', 502);
    access = t.access_token;
    return access;
  };
  const base = `${g.apiUrl}/calendar/v3/calendars/primary/events`;
  const call = async (method: string, url: string, json?: unknown) => {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${await token()}`, accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(json ? { body: JSON.stringify(json) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return res;
  };
  const ok = async <T>(what: string, res: Response): Promise<T> => {
    if (!res.ok) throw new CalendarHttpError(`google ${what}`, res.status);
    return (res.status === 204 ? {} : await res.json()) as T;
  };

  async function list(syncToken: string | null) {
    const events: TRemoteEvent[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const q = new URLSearchParams({ singleEvents: 'true', showDeleted: 'true', maxResults: '250' });
      if (syncToken) q.set('syncToken', syncToken);
      else q.set('timeMin', new Date(now().getTime() - 86_400_000).toISOString());
      if (pageToken) q.set('pageToken', pageToken);
      const res = await call('GET', `${base}?${q.toString()}`);
      if (res.status === 410) return undefined;
      const page = await ok<{ items?: TGoogleEvent[]; nextPageToken?: string; nextSyncToken?: string }>('events.list', res);
      events.push(...(page.items ?? []).map(toRemote));
      if (page.nextPageToken) pageToken = page.nextPageToken;
      else return { events, token: page.nextSyncToken ?? null };
    }
  }

  return {
    async changes(syncToken) {
      // 410 Gone: the token expired; start again with a full listing (Google's documented recovery).
      return (await list(syncToken)) ?? (await list(null))!;
    },
    async put(ev, existing) {
      const id = existing?.remoteId ?? googleEventIdOf(ev.bookingId);
      if (!existing) {
        const res = await call('POST', `${base}?sendUpdates=all`, { id, ...body(ev) });
        if (res.status !== 409) {
          const made = await ok<TGoogleEvent>('events.insert', res);
          return { remoteId: made.id, etag: made.etag ?? null };
        }
      }
      const patched = await ok<TGoogleEvent>(
        'events.patch',
        await call('PATCH', `${base}/${encodeURIComponent(id)}?sendUpdates=all`, { ...body(ev), status: 'confirmed' }),
      );
      return { remoteId: patched.id, etag: patched.etag ?? null };
    },
    async remove(remoteId) {
      const res = await call('DELETE', `${base}/${encodeURIComponent(remoteId)}?sendUpdates=all`);
      if (res.status === 404 || res.status === 410) return;
      await ok('events.delete', res);
    },
    async answerRoom(remoteId, roomEmail, answer, reason) {
      const ev = await ok<TGoogleEvent>('events.get', await call('GET', `${base}/${encodeURIComponent(remoteId)}`));
      const attendees = (ev.attendees ?? []).map((a) =>
        (a.email ?? '').toLowerCase() === roomEmail ? { ...a, resource: true, responseStatus: answer, ...(reason ? { comment: reason } : {}) } : a,
      );
      const patched = await ok<TGoogleEvent>('events.patch', await call('PATCH', `${base}/${encodeURIComponent(remoteId)}`, { attendees }));
      return { etag: patched.etag ?? null };
    },
    async move(remoteId, start, end) {
      const patched = await ok<TGoogleEvent>(
        'events.patch',
        await call('PATCH', `${base}/${encodeURIComponent(remoteId)}?sendUpdates=all`, {
          start: { dateTime: start.toISOString(), timeZone: 'Asia/Seoul' },
          end: { dateTime: end.toISOString(), timeZone: 'Asia/Seoul' },
        }),
      );
      return { etag: patched.etag ?? null };
    },
  };
}
