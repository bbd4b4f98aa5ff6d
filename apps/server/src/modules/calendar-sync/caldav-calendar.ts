/**
 * CalDAV (RFC 4791, sync by RFC 6578) for Outlook/iCloud/Naver-style servers, with an app password (Basic auth).
 * The server URL is the member's, so every request goes through the outbound guard (loopback, private and metadata
 * addresses refused unless ALLOW_PRIVATE_URLS) and connects to the address that was checked. Writes carry
 * If-Match (update, delete) or If-None-Match: * (create), so a change made meanwhile on the server is never
 * overwritten blindly: a 412 re-reads the resource and tries once more.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveGuardedHost } from '../../lib/outbound-guard.ts';
import { CalendarHttpError, type TCalendarClient, type TRemoteEvent } from './calendar-client.ts';
import { answerRoom, buildIcal, moveIcal, parseIcal } from './ical.ts';

const TIMEOUT_MS = 15_000;
const MAX_BYTES = 5_000_000;

export type TCalDavAccount = {
  calendarUrl: string;
  username: string;
  password: string;
  accountEmails: string[];
  allowPrivate: boolean;
  uidHost: string;
  now: () => Date;
};
type TDavResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export async function davRequest(
  url: string,
  opts: { method: string; username: string; password: string; allowPrivate: boolean; headers?: Record<string, string>; body?: string },
): Promise<TDavResponse> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new CalendarHttpError('caldav url', 400);
  const target = await resolveGuardedHost(u.hostname, { allowPrivate: opts.allowPrivate });
  const lookup: LookupFunction = (_h, o, cb) => {
    if ((o as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method: opts.method,
        lookup,
        agent: false,
        timeout: TIMEOUT_MS,
        headers: {
          authorization: `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`,
          'user-agent': 'company-tools-calendar-sync',
          ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) req.destroy(new Error('caldav: answer too big'));
          else chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('caldav: timeout')));
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** `<d:response>` blocks of a multistatus, whatever the namespace prefix. */
const responses = (xml: string) => [...xml.matchAll(/<(?:[\w-]+:)?response\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?response>/g)].map((m) => m[1]!);
const tag = (xml: string, name: string) => new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1];
const hrefIn = (xml: string | undefined) => (xml ? tag(xml, 'href')?.trim() : undefined);
const decodeXml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const statusOf = (xml: string) => Number(/HTTP\/[\d.]+\s+(\d{3})/.exec(tag(xml, 'status') ?? '')?.[1] ?? 200);

const propfind = (props: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>${props}</d:prop></d:propfind>`;

/**
 * The member's calendar: current-user-principal → calendar-home-set → the first collection that is a calendar
 * holding VEVENTs. Also the principal's calendar-user addresses (mailto:), to know the member as an organiser.
 */
export async function discoverCalendar(serverUrl: string, auth: { username: string; password: string; allowPrivate: boolean }) {
  const dav = (url: string, depth: string, props: string) =>
    davRequest(url, { method: 'PROPFIND', ...auth, headers: { depth, 'content-type': 'application/xml; charset=utf-8' }, body: propfind(props) });
  const principalRes = await dav(serverUrl, '0', '<d:current-user-principal/>');
  if (principalRes.status === 401 || principalRes.status === 403) throw new CalendarHttpError('caldav auth', principalRes.status);
  if (principalRes.status !== 207) throw new CalendarHttpError('caldav principal', principalRes.status);
  const principal = hrefIn(tag(principalRes.body, 'current-user-principal'));
  if (!principal) throw new CalendarHttpError('caldav principal', 404);
  const principalUrl = new URL(decodeXml(principal), serverUrl).toString();
  const homeRes = await dav(principalUrl, '0', '<c:calendar-home-set/><c:calendar-user-address-set/>');
  const home = hrefIn(tag(homeRes.body, 'calendar-home-set'));
  if (homeRes.status !== 207 || !home) throw new CalendarHttpError('caldav calendar-home-set', homeRes.status === 207 ? 404 : homeRes.status);
  const emails = [...(tag(homeRes.body, 'calendar-user-address-set') ?? '').matchAll(/mailto:([^<\s]+)/gi)].map((m) => decodeXml(m[1]!).toLowerCase());
  const homeUrl = new URL(decodeXml(home), principalUrl).toString();
  const list = await dav(homeUrl, '1', '<d:resourcetype/><c:supported-calendar-component-set/>');
  if (list.status !== 207) throw new CalendarHttpError('caldav calendars', list.status);
  for (const r of responses(list.body)) {
    const type = tag(r, 'resourcetype') ?? '';
    const comps = tag(r, 'supported-calendar-component-set');
    if (!/<(?:[\w-]+:)?calendar\b/.test(type)) continue;
    if (comps !== undefined && !/VEVENT/i.test(comps)) continue;
    const href = hrefIn(r);
    if (href) return { calendarUrl: new URL(decodeXml(href), homeUrl).toString(), emails };
  }
  throw new CalendarHttpError('caldav calendars', 404);
}

/** Checks that `calendarUrl` answers a PROPFIND as a calendar with these credentials. */
export async function checkCalendar(calendarUrl: string, auth: { username: string; password: string; allowPrivate: boolean }) {
  const res = await davRequest(calendarUrl, {
    method: 'PROPFIND',
    ...auth,
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
    body: propfind('<d:resourcetype/>'),
  });
  if (res.status !== 207) throw new CalendarHttpError('caldav calendar', res.status);
  if (!/<(?:[\w-]+:)?calendar\b/.test(tag(res.body, 'resourcetype') ?? '')) throw new CalendarHttpError('caldav calendar', 404);
}

export function caldavCalendar(acc: TCalDavAccount): TCalendarClient {
  const collection = acc.calendarUrl.endsWith('/') ? acc.calendarUrl : `${acc.calendarUrl}/`;
  const req = (url: string, method: string, headers: Record<string, string> = {}, body?: string) =>
    davRequest(new URL(url, collection).toString(), {
      method,
      username: acc.username,
      password: acc.password,
      allowPrivate: acc.allowPrivate,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  const etagOf = (r: TDavResponse) => (typeof r.headers.etag === 'string' ? r.headers.etag : null);
  const hrefPath = (href: string) => new URL(href, collection).pathname;
  const mine = (organizer: string) => !organizer || acc.accountEmails.includes(organizer.toLowerCase());

  async function get(href: string) {
    const r = await req(href, 'GET', { accept: 'text/calendar' });
    if (r.status === 404 || r.status === 410) return undefined;
    if (r.status !== 200) throw new CalendarHttpError('caldav get', r.status);
    return { ics: r.body, etag: etagOf(r) };
  }

  /** PUT with the precondition; one re-read and retry on 412 (someone changed it meanwhile). */
  async function write(href: string, make: (current: string | undefined) => string | undefined, create: boolean) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const current = create && attempt === 0 ? undefined : await get(href);
      const ics = make(current?.ics);
      if (ics === undefined) return { etag: current?.etag ?? null };
      const pre: Record<string, string> = current?.etag ? { 'if-match': current.etag } : current ? {} : { 'if-none-match': '*' };
      const r = await req(href, 'PUT', { 'content-type': 'text/calendar; charset=utf-8', ...pre }, ics);
      if (r.status === 412) continue;
      if (r.status < 200 || r.status > 204) throw new CalendarHttpError('caldav put', r.status);
      return { etag: etagOf(r) ?? (await get(href))?.etag ?? null };
    }
    throw new CalendarHttpError('caldav put', 412);
  }

  async function report(token: string | null) {
    const body = `<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token ?? ''}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    return req(collection, 'REPORT', { depth: '1', 'content-type': 'application/xml; charset=utf-8' }, body);
  }

  return {
    async changes(token) {
      let r = await report(token);
      // An expired or unknown token (valid-sync-token precondition): a full listing with an empty token.
      if (token && (r.status === 403 || r.status === 409 || r.status === 412 || r.status === 400)) r = await report(null);
      if (r.status !== 207) throw new CalendarHttpError('caldav sync-collection', r.status);
      const events: TRemoteEvent[] = [];
      for (const resp of responses(r.body)) {
        const href = hrefIn(resp);
        if (!href || !/\.ics$/i.test(href)) continue;
        const id = hrefPath(decodeXml(href));
        const gone = statusOf(resp) === 404;
        const got = gone ? undefined : await get(id);
        const ev = got ? parseIcal(got.ics) : undefined;
        if (!got || !ev) {
          events.push({
            id,
            etag: null,
            cancelled: true,
            title: '',
            description: '',
            start: new Date(0),
            end: new Date(0),
            organizerSelf: true,
            attendees: [],
            recurring: false,
          });
          continue;
        }
        events.push({
          id,
          etag: got.etag,
          cancelled: ev.cancelled,
          title: ev.title,
          description: ev.description,
          start: ev.start,
          end: ev.end,
          organizerSelf: mine(ev.organizer),
          attendees: ev.attendees.map((a) => ({ email: a.email, status: a.partstat.toLowerCase() })),
          recurring: ev.recurring,
        });
      }
      const next = tag(r.body, 'sync-token');
      return { events, token: next ? decodeXml(next.trim()) : null };
    },
    async put(ev, existing) {
      const href = existing?.remoteId ?? hrefPath(`suite-${ev.bookingId}.ics`);
      let sequence = 0;
      const out = await write(
        href,
        (current) => {
          if (current) sequence = Number(/\nSEQUENCE:(\d+)/.exec(current)?.[1] ?? 0) + 1;
          return buildIcal({ uid: `${ev.bookingId}@${acc.uidHost}`, ...ev, now: acc.now(), sequence });
        },
        !existing,
      );
      return { remoteId: href, etag: out.etag };
    },
    async remove(remoteId, etag) {
      let r = await req(remoteId, 'DELETE', etag ? { 'if-match': etag } : {});
      if (r.status === 412) r = await req(remoteId, 'DELETE', { 'if-match': (await get(remoteId))?.etag ?? '*' });
      if (r.status === 404 || r.status === 410) return;
      if (r.status < 200 || r.status > 204) throw new CalendarHttpError('caldav delete', r.status);
    },
    answerRoom(remoteId, roomEmail, answer, reason) {
      return write(remoteId, (ics) => (ics ? answerRoom(ics, roomEmail, answer === 'accepted' ? 'ACCEPTED' : 'DECLINED', reason) : undefined), false);
    },
    move(remoteId, start, end) {
      return write(remoteId, (ics) => (ics ? moveIcal(ics, start, end) : undefined), false);
    },
  };
}
