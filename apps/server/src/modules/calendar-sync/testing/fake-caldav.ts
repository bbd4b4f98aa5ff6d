/**
 * A small fake CalDAV server on loopback, for tests: Basic auth, PROPFIND discovery (current-user-principal →
 * calendar-home-set → one VEVENT calendar), REPORT sync-collection (RFC 6578, deleted resources as 404), and
 * GET/PUT/DELETE of .ics resources with ETags, If-Match and If-None-Match. `act*` is the member using their calendar app.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type TResource = { ics: string; etag: string; seq: number; deleted: boolean };

export async function startFakeCalDav(opts: { username: string; password: string; email: string }) {
  const principal = '/principals/user/';
  const home = '/calendars/user/';
  const calendar = '/calendars/user/work/';
  const resources = new Map<string, TResource>();
  let seq = 0;
  let n = 0;

  const save = (href: string, ics: string, deleted = false) => {
    seq += 1;
    const r = { ics, etag: `"r${seq}"`, seq, deleted };
    resources.set(href, r);
    return r;
  };
  async function body(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  const xml = (res: ServerResponse, inner: string) => {
    res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
    res.end(`<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">${inner}</d:multistatus>`);
  };
  const ok = (href: string, props: string) =>
    `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await body(req);
    const expected = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="fake"' });
      return res.end();
    }
    if (req.method === 'PROPFIND') {
      if (path === '/') return xml(res, ok('/', `<d:current-user-principal><d:href>${principal}</d:href></d:current-user-principal>`));
      if (path === principal)
        return xml(
          res,
          ok(
            principal,
            `<cal:calendar-home-set><d:href>${home}</d:href></cal:calendar-home-set><cal:calendar-user-address-set><d:href>mailto:${opts.email}</d:href></cal:calendar-user-address-set>`,
          ),
        );
      const calProps = `<d:resourcetype><d:collection/><cal:calendar/></d:resourcetype><cal:supported-calendar-component-set><cal:comp name="VEVENT"/></cal:supported-calendar-component-set>`;
      if (path === home)
        return xml(res, ok(home, '<d:resourcetype><d:collection/></d:resourcetype>') + (req.headers.depth === '1' ? ok(calendar, calProps) : ''));
      if (path === calendar) return xml(res, ok(calendar, calProps));
      res.writeHead(404);
      return res.end();
    }
    if (req.method === 'REPORT' && path === calendar) {
      const token = /<(?:\w+:)?sync-token>([^<]*)</.exec(raw)?.[1] ?? '';
      let from = 0;
      if (token) {
        const m = /^http:\/\/fake\/sync\/(\d+)$/.exec(token);
        if (!m) {
          res.writeHead(403, { 'content-type': 'application/xml' });
          return res.end('<d:error xmlns:d="DAV:"><d:valid-sync-token/></d:error>');
        }
        from = Number(m[1]);
      }
      const changed = [...resources.entries()].filter(([, r]) => r.seq > from && (token || !r.deleted));
      const inner = changed
        .map(([href, r]) =>
          r.deleted
            ? `<d:response><d:href>${href}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`
            : ok(href, `<d:getetag>${r.etag.replace(/"/g, '&quot;')}</d:getetag>`),
        )
        .join('');
      return xml(res, `${inner}<d:sync-token>http://fake/sync/${seq}</d:sync-token>`);
    }
    if (!path.startsWith(calendar) || !path.endsWith('.ics')) {
      res.writeHead(404);
      return res.end();
    }
    const found = resources.get(path);
    const live = found && !found.deleted ? found : undefined;
    const ifMatch = req.headers['if-match'];
    const ifNoneMatch = req.headers['if-none-match'];
    if (req.method === 'GET') {
      if (!live) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag: live.etag });
      return res.end(live.ics);
    }
    if (req.method === 'PUT') {
      if ((ifNoneMatch === '*' && live) || (ifMatch && ifMatch !== '*' && ifMatch !== live?.etag) || (ifMatch && !live)) {
        res.writeHead(412);
        return res.end();
      }
      const saved = save(path, raw);
      res.writeHead(live ? 204 : 201, { etag: saved.etag });
      return res.end();
    }
    if (req.method === 'DELETE') {
      if (!live) {
        res.writeHead(404);
        return res.end();
      }
      if (ifMatch && ifMatch !== '*' && ifMatch !== live.etag) {
        res.writeHead(412);
        return res.end();
      }
      save(path, '', true);
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(405);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');

  return {
    origin,
    calendarUrl: `${origin}${calendar}`,
    live: () => [...resources.entries()].filter(([, r]) => !r.deleted).map(([href, r]) => ({ href, ics: r.ics, etag: r.etag })),
    get: (href: string) => {
      const r = resources.get(href);
      return r && !r.deleted ? r.ics : undefined;
    },
    /** The member creates an event in their calendar app (organiser: their address), times in Seoul with a TZID. */
    actCreate(e: { summary: string; start: Date; end: Date; attendees: string[] }) {
      n += 1;
      const href = `${calendar}app-${n}.ics`;
      const local = (d: Date) => stamp(new Date(d.getTime() + 9 * 3_600_000)).replace('Z', '');
      const ics = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//fake app//KO',
        'BEGIN:VEVENT',
        `UID:app-${n}@example.test`,
        `DTSTAMP:${stamp(new Date())}`,
        `DTSTART;TZID=Asia/Seoul:${local(e.start)}`,
        `DTEND;TZID=Asia/Seoul:${local(e.end)}`,
        `SUMMARY:${e.summary}`,
        `ORGANIZER:mailto:${opts.email}`,
        ...e.attendees.map((a) => `ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a}`),
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      save(href, ics);
      return href;
    },
    actMove(href: string, start: Date, end: Date) {
      const ics = resources
        .get(href)!
        .ics.replace(/DTSTART[^\r\n]*/, `DTSTART:${stamp(start)}`)
        .replace(/DTEND[^\r\n]*/, `DTEND:${stamp(end)}`);
      save(href, ics);
    },
    actDelete(href: string) {
      save(href, '', true);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
