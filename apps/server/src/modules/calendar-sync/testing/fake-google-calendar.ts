/**
 * A small fake of Google's OAuth token endpoint and Calendar API v3 (primary calendar only) on loopback, for tests:
 * events.list with syncToken (410 once `expireSyncTokens` is called), insert (409 on a taken id), get, patch, delete
 * (kept as status 'cancelled' for incremental sync). `act*` functions are the member using Google directly.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeGoogleEvent = {
  id: string;
  etag: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  description?: string;
  start?: { dateTime: string; timeZone?: string };
  end?: { dateTime: string; timeZone?: string };
  organizer?: { email: string; self?: boolean };
  attendees?: { email: string; responseStatus?: string; resource?: boolean; comment?: string; displayName?: string }[];
  seq: number;
};

export async function startFakeGoogle(opts: { clientId: string; clientSecret: string; account: string }) {
  const events = new Map<string, TFakeGoogleEvent>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let seq = 0;
  let tokenEpoch = 0;
  let failPatches = 0;
  const requests: string[] = [];

  const save = (e: Omit<TFakeGoogleEvent, 'seq' | 'etag'>) => {
    seq += 1;
    const saved = { ...e, seq, etag: `"e${seq}"` };
    events.set(e.id, saved);
    return saved;
  };
  const view = ({ seq: _seq, ...e }: TFakeGoogleEvent) => e;

  async function body(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  const send = (res: ServerResponse, status: number, json?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(json === undefined ? '' : JSON.stringify(json));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}`);
    const raw = await body(req);
    if (url.pathname === '/oauth/token' && req.method === 'POST') {
      const f = new URLSearchParams(raw);
      if (f.get('client_id') !== opts.clientId || f.get('client_secret') !== opts.clientSecret) return send(res, 401, { error: 'invalid_client' });
      if (f.get('grant_type') === 'authorization_code') {
        if (f.get('code') !== 'good-code') return send(res, 400, { error: 'invalid_grant' });
        const access = `access-${randomUUID()}`;
        const refresh = `refresh-${randomUUID()}`;
        accessTokens.add(access);
        refreshTokens.add(refresh);
        const idToken =
          ['{"alg":"RS256"}', JSON.stringify({ iss: 'https://accounts.google.com', email: opts.account, aud: opts.clientId })]
            .map((p) => Buffer.from(p).toString('base64url'))
            .join('.') + '.sig';
        return send(res, 200, { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer', id_token: idToken });
      }
      if (f.get('grant_type') === 'refresh_token' && refreshTokens.has(f.get('refresh_token') ?? '')) {
        const access = `access-${randomUUID()}`;
        accessTokens.add(access);
        return send(res, 200, { access_token: access, expires_in: 3600, token_type: 'Bearer' });
      }
      return send(res, 400, { error: 'invalid_grant' });
    }
    if (!accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(res, 401, { error: { code: 401 } });
    if (url.pathname === '/api/calendar/v3/calendars/primary' && req.method === 'GET') return send(res, 200, { id: opts.account, timeZone: 'Asia/Seoul' });
    const base = '/api/calendar/v3/calendars/primary/events';
    if (url.pathname === base && req.method === 'GET') {
      const token = url.searchParams.get('syncToken');
      let from = 0;
      if (token) {
        const [epoch, at] = token.split(':').map(Number);
        if (epoch !== tokenEpoch) return send(res, 410, { error: { code: 410, message: 'Sync token is no longer valid' } });
        from = at ?? 0;
      }
      const items = [...events.values()].filter((e) => e.seq > from && (token || e.status !== 'cancelled')).map(view);
      return send(res, 200, { items, nextSyncToken: `${tokenEpoch}:${seq}` });
    }
    if (url.pathname === base && req.method === 'POST') {
      const e = JSON.parse(raw) as Partial<TFakeGoogleEvent>;
      const id = e.id ?? randomUUID().replace(/-/g, '');
      if (events.has(id)) return send(res, 409, { error: { code: 409, message: 'The requested identifier already exists.' } });
      return send(res, 200, view(save({ ...e, id, status: 'confirmed', organizer: { email: opts.account, self: true } } as TFakeGoogleEvent)));
    }
    const one = url.pathname.startsWith(`${base}/`) ? decodeURIComponent(url.pathname.slice(base.length + 1)) : undefined;
    const found = one ? events.get(one) : undefined;
    if (one && !found) return send(res, 404, { error: { code: 404 } });
    if (found && req.method === 'GET') return send(res, 200, view(found));
    if (found && req.method === 'PATCH' && failPatches > 0) {
      failPatches -= 1;
      return send(res, 503, { error: { code: 503, message: 'Backend Error' } });
    }
    if (found && req.method === 'PATCH') return send(res, 200, view(save({ ...found, ...(JSON.parse(raw) as object), id: found.id })));
    if (found && req.method === 'DELETE') {
      if (found.status === 'cancelled') return send(res, 410, { error: { code: 410 } });
      save({ ...found, status: 'cancelled' });
      return send(res, 204);
    }
    return send(res, 404, { error: { code: 404 } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: { GOOGLE_CLIENT_ID: opts.clientId, GOOGLE_CLIENT_SECRET: opts.clientSecret, GOOGLE_OAUTH_URL: `${origin}/oauth`, GOOGLE_API_URL: `${origin}/api` },
    events: () => [...events.values()].map(view),
    event: (id: string) => {
      const e = events.get(id);
      return e ? view(e) : undefined;
    },
    requests,
    /** The member creates an event in Google (organiser: the account). */
    actCreate(e: { summary: string; start: Date; end: Date; attendees: string[] }) {
      return view(
        save({
          id: randomUUID().replace(/-/g, ''),
          status: 'confirmed',
          summary: e.summary,
          start: { dateTime: e.start.toISOString() },
          end: { dateTime: e.end.toISOString() },
          organizer: { email: opts.account, self: true },
          attendees: e.attendees.map((email) => ({ email, responseStatus: 'needsAction' })),
        }),
      );
    },
    actMove(id: string, start: Date, end: Date) {
      const e = events.get(id)!;
      return view(save({ ...e, start: { dateTime: start.toISOString() }, end: { dateTime: end.toISOString() } }));
    },
    actDelete(id: string) {
      save({ ...events.get(id)!, status: 'cancelled' });
    },
    /** The next `n` patches answer 503 (Google's transient backend error). */
    failNextPatches(n: number) {
      failPatches = n;
    },
    /** Every sync token given so far answers 410 from now on. */
    expireSyncTokens() {
      tokenEpoch += 1;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
