/**
 * Fake Google (OAuth token endpoint + Drive v3) and Notion APIs on loopback for the connector tests (decision 089).
 * State is plain maps the test edits: Drive files with their folder, content and permissions; a changes log; Notion
 * pages/databases shared with the integration, their blocks (paginated two at a time) and the workspace's people.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeDriveFile = {
  id: string;
  name: string;
  mimeType: string;
  parent: string;
  modifiedTime: string;
  trashed?: boolean;
  content: string | Buffer;
  /** The `size` the listing declares (Drive gives it for uploaded files); may lie about `content`. */
  size?: string;
  /** Served in 1 MiB chunks without a content-length (the client must cap the stream itself). */
  chunked?: boolean;
  permissions: { type: string; emailAddress?: string; domain?: string }[];
};
export type TFakeNotionPage = {
  id: string;
  title: string;
  lastEdited: string;
  blocks: string[];
  parentDb?: string;
  archived?: boolean;
  props?: Record<string, string>;
};

export type TFakeConnectors = {
  url: string;
  /** Refresh tokens Google accepts. */
  refreshTokens: Set<string>;
  /** Authorization codes → refresh token + e-mail (the OAuth callback). */
  codes: Map<string, { refreshToken: string; email: string }>;
  files: Map<string, TFakeDriveFile>;
  folders: Set<string>;
  changes: { fileId: string; removed?: boolean }[];
  notionTokens: Set<string>;
  notionPages: Map<string, TFakeNotionPage>;
  notionDatabases: Map<string, { id: string; title: string; lastEdited: string }>;
  notionMembers: string[];
  /** Every request path (to assert what was called). */
  calls: string[];
  close: () => Promise<void>;
};

async function body(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const rt = (s: string) => [{ plain_text: s }];

export async function startFakeConnectors(): Promise<TFakeConnectors> {
  const fake = {
    refreshTokens: new Set<string>(),
    codes: new Map(),
    files: new Map(),
    folders: new Set<string>(),
    changes: [],
    notionTokens: new Set<string>(),
    notionPages: new Map(),
    notionDatabases: new Map(),
    notionMembers: [],
    calls: [],
  } as Omit<TFakeConnectors, 'url' | 'close'>;
  const json = (res: ServerResponse, status: number, v: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
  const pageObj = (p: TFakeNotionPage) => ({
    object: 'page',
    id: p.id,
    last_edited_time: p.lastEdited,
    archived: Boolean(p.archived),
    properties: {
      이름: { type: 'title', title: rt(p.title) },
      ...Object.fromEntries(Object.entries(p.props ?? {}).map(([k, v]) => [k, { type: 'rich_text', rich_text: rt(v) }])),
    },
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await body(req);
    fake.calls.push(`${req.method} ${url.pathname}`);
    // Google OAuth
    if (url.pathname === '/token' && req.method === 'POST') {
      const f = new URLSearchParams(raw);
      if (f.get('grant_type') === 'authorization_code') {
        const c = fake.codes.get(f.get('code') ?? '');
        if (!c) return json(res, 400, { error: 'invalid_grant' });
        fake.refreshTokens.add(c.refreshToken);
        const idToken = `x.${Buffer.from(JSON.stringify({ email: c.email })).toString('base64url')}.y`;
        return json(res, 200, { access_token: `at-${c.refreshToken}`, refresh_token: c.refreshToken, id_token: idToken, expires_in: 3600 });
      }
      const rtok = f.get('refresh_token') ?? '';
      return fake.refreshTokens.has(rtok) ? json(res, 200, { access_token: `at-${rtok}`, expires_in: 3600 }) : json(res, 400, { error: 'invalid_grant' });
    }
    // Drive
    if (url.pathname.startsWith('/drive/v3/')) {
      const auth = req.headers.authorization ?? '';
      if (![...fake.refreshTokens].some((t) => auth === `Bearer at-${t}`)) return json(res, 401, { error: { code: 401 } });
      const path = url.pathname.slice('/drive/v3/'.length);
      if (path === 'files') {
        const folder = /'([^']+)' in parents/.exec(url.searchParams.get('q') ?? '')?.[1] ?? '';
        if (!fake.folders.has(folder)) return json(res, 404, { error: { code: 404 } });
        const files = [...fake.files.values()].filter((f) => f.parent === folder && !f.trashed);
        return json(res, 200, {
          files: files.map(({ id, name, mimeType, modifiedTime, size }) => ({ id, name, mimeType, modifiedTime, trashed: false, ...(size ? { size } : {}) })),
        });
      }
      if (path === 'changes/startPageToken') return json(res, 200, { startPageToken: String(fake.changes.length) });
      if (path === 'changes') {
        const from = Number(url.searchParams.get('pageToken') ?? '0');
        const list = fake.changes.slice(from).map((c) => {
          const f = fake.files.get(c.fileId);
          return {
            fileId: c.fileId,
            removed: Boolean(c.removed),
            ...(f ? { file: { id: f.id, name: f.name, mimeType: f.mimeType, modifiedTime: f.modifiedTime, trashed: Boolean(f.trashed) } } : {}),
          };
        });
        return json(res, 200, { changes: list, newStartPageToken: String(fake.changes.length) });
      }
      const m = /^files\/([^/]+)(\/permissions|\/export)?$/.exec(path);
      const f = m && fake.files.get(decodeURIComponent(m[1]!));
      if (!f) return json(res, 404, { error: { code: 404 } });
      if (m![2] === '/permissions') {
        // Two per page, to exercise the paging.
        const start = Number(url.searchParams.get('pageToken') ?? '0');
        const page = f.permissions.slice(start, start + 2);
        return json(res, 200, { permissions: page, ...(start + 2 < f.permissions.length ? { nextPageToken: String(start + 2) } : {}) });
      }
      const serve = async (type: string) => {
        if (!f.chunked) return res.writeHead(200, { 'content-type': type }).end(f.content);
        res.on('error', () => undefined);
        res.writeHead(200, { 'content-type': type });
        const all = Buffer.from(f.content);
        for (let i = 0; i < all.length && !res.destroyed; i += 1_048_576) {
          if (res.write(all.subarray(i, i + 1_048_576))) continue;
          await new Promise<void>((r) => {
            const done = () => (res.off('drain', done), res.off('close', done), r());
            res.once('drain', done).once('close', done);
          });
        }
        if (!res.destroyed) res.end();
      };
      if (m![2] === '/export') return serve(url.searchParams.get('mimeType') ?? 'text/plain');
      if (url.searchParams.get('alt') === 'media') return serve(f.mimeType);
      return json(res, 200, { id: f.id });
    }
    // Notion
    if (url.pathname.startsWith('/v1/')) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!fake.notionTokens.has(token) || !req.headers['notion-version']) return json(res, 401, { object: 'error', code: 'unauthorized' });
      const path = url.pathname.slice('/v1/'.length);
      if (path === 'users/me') return json(res, 200, { object: 'user', type: 'bot', bot: { workspace_name: '한빛 Notion' } });
      if (path === 'users')
        return json(res, 200, {
          results: fake.notionMembers.map((e, i) => ({ object: 'user', id: `u${i}`, type: 'person', person: { email: e } })),
          has_more: false,
        });
      if (path === 'search') {
        const results = [
          ...[...fake.notionPages.values()].filter((p) => !p.parentDb).map(pageObj),
          ...[...fake.notionDatabases.values()].map((d) => ({ object: 'database', id: d.id, last_edited_time: d.lastEdited, title: rt(d.title) })),
        ];
        return json(res, 200, { results, has_more: false, next_cursor: null });
      }
      const q = /^databases\/([^/]+)\/query$/.exec(path);
      if (q) return json(res, 200, { results: [...fake.notionPages.values()].filter((p) => p.parentDb === q[1]).map(pageObj), has_more: false });
      const b = /^blocks\/([^/]+)\/children$/.exec(path);
      const p = b && fake.notionPages.get(decodeURIComponent(b[1]!));
      if (p) {
        const start = Number(url.searchParams.get('start_cursor') ?? '0');
        const page = p.blocks.slice(start, start + 2).map((text, i) => ({
          object: 'block',
          id: `${p.id}-b${start + i}`,
          type: text.startsWith('# ') ? 'heading_2' : 'paragraph',
          has_children: false,
          [text.startsWith('# ') ? 'heading_2' : 'paragraph']: { rich_text: rt(text.replace(/^# /, '')) },
        }));
        const more = start + 2 < p.blocks.length;
        return json(res, 200, { results: page, has_more: more, next_cursor: more ? String(start + 2) : null });
      }
      return json(res, 404, { object: 'error', code: 'object_not_found' });
    }
    json(res, 404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...fake, url, close: () => new Promise<void>((r) => server.close(() => r())) } as TFakeConnectors;
}
