/**
 * A small fake of Slack for tests, e2e and the benchmark, on loopback: the authorize page, oauth.v2.access,
 * chat.postMessage, assistant.threads.setStatus, conversations.replies (with a switchable 429), auth.revoke.
 * Control over HTTP under /_fake/* so a separate process (Playwright) can read what the app posted.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeSlackOptions = { clientId: string; clientSecret: string; team?: { id: string; name: string }; botUserId?: string };
export type TPosted = { channel: string; thread_ts?: string; text: string; token: string; ts?: string; blocks?: unknown[] };
export type TFakeSlack = {
  url: string;
  apiUrl: string;
  authorizeUrl: string;
  posts: TPosted[];
  /** chat.update and chat.postEphemeral calls (actions from Slack, decision 088). */
  updates: { channel: string; ts: string; text: string; blocks: unknown[] }[];
  ephemerals: { channel: string; user: string; text: string }[];
  statuses: { channel_id: string; thread_ts: string; status: string }[];
  /** assistant.threads.setSuggestedPrompts calls (decision 086). */
  suggestedPrompts: { channel_id: string; thread_ts: string; title?: string; prompts: { title: string; message: string }[] }[];
  /** How many next calls of a method (any method) answer 429 with `retryAfterSeconds` (decision 086). */
  rateLimitMethods: Map<string, number>;
  replies: Map<string, { ts: string; thread_ts?: string; user: string; text: string }[]>;
  calls: { method: string; at: number }[];
  /** How many next conversations.replies calls answer 429 (Retry-After: 1). */
  rateLimitReplies: number;
  /** The Retry-After (seconds) of those 429 answers. */
  retryAfterSeconds: number;
  /** Makes chat.postMessage fail with this many 500s. */
  failPosts: number;
  /** Real names by user id, for users.info. */
  userNames: Map<string, string>;
  /** Channels by id with their members (users.conversations, conversations.info; decision 085). */
  channels: Map<string, { name: string; isPrivate: boolean; members: string[]; extShared?: boolean }>;
  /** Slack accounts by email address, for users.lookupByEmail. */
  usersByEmail: Map<string, string>;
  /** Admins of the workspace (users.info `is_admin`; who may change channel digests, decision 087). */
  admins: Set<string>;
  /** The team the authorize page installs into (change it to install a second workspace). */
  team: { id: string; name: string };
  issueCode: (team?: { id: string; name: string }) => string;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<Record<string, string | unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/** Blocks arrive JSON-encoded in a form field (as @slack/web-api sends them) or as JSON. */
const blocksOf = (v: unknown): unknown[] => (typeof v === 'string' ? (JSON.parse(v) as unknown[]) : Array.isArray(v) ? v : []);

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export async function startFakeSlack(opts: TFakeSlackOptions, port = 0): Promise<TFakeSlack> {
  const defaultTeam = opts.team ?? { id: 'T0FAKE001', name: '테스트 워크스페이스' };
  const botUserId = opts.botUserId ?? 'UBOT0001';
  const codes = new Map<string, { id: string; name: string }>();
  const tokens = new Set<string>();
  let seq = 1000;
  const fake: Omit<TFakeSlack, 'url' | 'apiUrl' | 'authorizeUrl' | 'close'> = {
    posts: [],
    updates: [],
    ephemerals: [],
    statuses: [],
    suggestedPrompts: [],
    rateLimitMethods: new Map(),
    replies: new Map(),
    calls: [],
    rateLimitReplies: 0,
    retryAfterSeconds: 1,
    failPosts: 0,
    usersByEmail: new Map(),
    admins: new Set(),
    channels: new Map(),
    userNames: new Map(),
    team: defaultTeam,
    issueCode(team = fake.team) {
      const code = `code-${randomBytes(6).toString('hex')}`;
      codes.set(code, team);
      return code;
    },
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname === '/oauth/v2/authorize') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        const state = url.searchParams.get('state') ?? '';
        if (url.searchParams.get('client_id') !== opts.clientId) return json(400, { ok: false, error: 'invalid_client_id' });
        const allow = `${redirect}?code=${fake.issueCode()}&state=${encodeURIComponent(state)}`;
        const deny = `${redirect}?error=access_denied&state=${encodeURIComponent(state)}`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><meta charset="utf-8"><title>Fake Slack</title><h1>${esc(fake.team.name)}</h1><p>scopes: ${esc(url.searchParams.get('scope') ?? '')}</p><a href="${esc(allow)}">Allow</a> <a href="${esc(deny)}">Cancel</a>`,
        );
      }
      if (url.pathname === '/_fake/posts') return json(200, { posts: fake.posts, statuses: fake.statuses });
      if (url.pathname === '/_fake/code') return json(200, { code: fake.issueCode() });
      if (!url.pathname.startsWith('/api/')) return json(404, { ok: false, error: 'unknown_method' });
      const method = url.pathname.slice(5);
      fake.calls.push({ method, at: Date.now() });
      // Like Slack: arguments in the query string or the body (form-encoded, as @slack/web-api sends them, or JSON),
      // the token in the Authorization header or a `token` argument.
      const body = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? (typeof body.token === 'string' ? body.token : '');
      if (method === 'oauth.v2.access') {
        if (body.client_id !== opts.clientId || body.client_secret !== opts.clientSecret) return json(200, { ok: false, error: 'invalid_client' });
        const team = codes.get(String(body.code));
        if (!team) return json(200, { ok: false, error: 'invalid_code' });
        codes.delete(String(body.code));
        const token = `xoxb-fake-${randomBytes(8).toString('hex')}`;
        tokens.add(token);
        return json(200, {
          ok: true,
          access_token: token,
          token_type: 'bot',
          scope: 'app_mentions:read,chat:write',
          bot_user_id: botUserId,
          team,
          authed_user: { id: 'UINSTALL1' },
        });
      }
      if (!tokens.has(bearer)) return json(200, { ok: false, error: 'invalid_auth' });
      const limited = fake.rateLimitMethods.get(method) ?? 0;
      if (limited > 0) {
        fake.rateLimitMethods.set(method, limited - 1);
        return json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(fake.retryAfterSeconds) });
      }
      if (method === 'chat.postMessage') {
        if (fake.failPosts > 0) {
          fake.failPosts--;
          return json(500, { ok: false, error: 'internal_error' });
        }
        const ts = `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`;
        fake.posts.push({
          channel: String(body.channel),
          thread_ts: body.thread_ts ? String(body.thread_ts) : undefined,
          text: String(body.text),
          token: bearer,
          // A message with blocks (buttons) keeps its ts, for a test to click them (decision 088).
          ...(body.blocks ? { ts, blocks: blocksOf(body.blocks) } : {}),
        });
        return json(200, { ok: true, ts, channel: body.channel });
      }
      if (method === 'chat.update') {
        fake.updates.push({ channel: String(body.channel), ts: String(body.ts), text: String(body.text), blocks: blocksOf(body.blocks) });
        return json(200, { ok: true, channel: body.channel, ts: body.ts });
      }
      if (method === 'chat.postEphemeral') {
        fake.ephemerals.push({ channel: String(body.channel), user: String(body.user), text: String(body.text) });
        return json(200, { ok: true, message_ts: `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}` });
      }
      if (method === 'assistant.threads.setStatus') {
        fake.statuses.push({ channel_id: String(body.channel_id), thread_ts: String(body.thread_ts), status: String(body.status) });
        return json(200, { ok: true });
      }
      if (method === 'assistant.threads.setSuggestedPrompts') {
        const prompts =
          typeof body.prompts === 'string'
            ? (JSON.parse(body.prompts) as { title: string; message: string }[])
            : (body.prompts as { title: string; message: string }[]);
        if (!Array.isArray(prompts) || !prompts.length || prompts.length > 4) return json(200, { ok: false, error: 'invalid_arguments' });
        fake.suggestedPrompts.push({
          channel_id: String(body.channel_id),
          thread_ts: String(body.thread_ts),
          ...(body.title ? { title: String(body.title) } : {}),
          prompts,
        });
        return json(200, { ok: true });
      }
      if (method === 'conversations.replies') {
        if (fake.rateLimitReplies > 0) {
          fake.rateLimitReplies--;
          return json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(fake.retryAfterSeconds) });
        }
        const key = `${String(body.channel)}:${String(body.ts)}`;
        return json(200, { ok: true, messages: fake.replies.get(key) ?? [], has_more: false });
      }
      if (method === 'users.info') {
        const id = String(body.user);
        const name = fake.userNames.get(id);
        // The profile's e-mail: the address usersByEmail maps to this user (users:read.email).
        const email = [...fake.usersByEmail].find(([, u]) => u === id)?.[0];
        const admin = fake.admins.has(id);
        const user = { id, name: id.toLowerCase(), real_name: name ?? id, is_admin: admin, profile: email ? { email } : {} };
        return json(200, name || email || admin ? { ok: true, user } : { ok: false, error: 'user_not_found' });
      }
      if (method === 'users.lookupByEmail') {
        const id = fake.usersByEmail.get(String(body.email).toLowerCase());
        return json(200, id ? { ok: true, user: { id } } : { ok: false, error: 'users_not_found' });
      }
      // Conversations as knowledge (decision 085): channels with their members, permalinks in Slack's URL form.
      if (method === 'users.conversations') {
        const user = String(body.user ?? '');
        const list = [...fake.channels].filter(([, c]) => c.members.includes(user));
        return json(200, {
          ok: true,
          channels: list.map(([id, c]) => ({ id, name: c.name, is_private: c.isPrivate, is_ext_shared: Boolean(c.extShared) })),
          response_metadata: { next_cursor: '' },
        });
      }
      if (method === 'conversations.info') {
        const c = fake.channels.get(String(body.channel));
        return json(200, c ? { ok: true, channel: { id: body.channel, name: c.name, is_private: c.isPrivate } } : { ok: false, error: 'channel_not_found' });
      }
      if (method === 'chat.getPermalink') {
        const channel = String(body.channel);
        return json(200, { ok: true, channel, permalink: `https://fake-team.slack.com/archives/${channel}/p${String(body.message_ts).replace('.', '')}` });
      }
      if (method === 'auth.revoke') {
        tokens.delete(bearer);
        return json(200, { ok: true, revoked: true });
      }
      return json(200, { ok: false, error: 'unknown_method' });
    } catch {
      json(500, { ok: false, error: 'fake_error' });
    }
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url: base,
    apiUrl: `${base}/api`,
    authorizeUrl: `${base}/oauth/v2/authorize`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
