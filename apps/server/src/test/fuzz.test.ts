/**
 * Fuzz (issue 11): at least 2,000 malformed requests across every path and method of /api/openapi.json — wrong types,
 * missing fields, huge strings, NUL and lone surrogates (in the body, the query and the path), wrong methods and content
 * types, broken JSON, with no token, a forged one and valid user and admin tokens. Asserts no 5xx, and that no row was
 * written (or deleted) by a refused request: the row count of every table is compared around each 4xx answer.
 * Deterministic: a seeded PRNG picks every mutation, so a failure names a request that replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TTestContext } from './helpers.ts';
import { api, signedIn } from '../modules/admin-users/testing/console-test-kit.ts';
import { settleAfterResponse } from '../lib/after-response.ts';
import { loginAs } from '../modules/auth/testing/auth-test-kit.ts';
import { mulberry32 } from './mulberry32.ts';

const REQUESTS = 2_200;
/**
 * Tables a refused request may write by design: the audit log records refused sign-ins and other refusals, and the
 * daily API usage counter counts every request, refused or not.
 */
// Records of requests, not writes by them: the usage counts, the monitoring page's traffic store (flushed on a
// schedule) and its outside-service health (a refused Google sign-in may still have tried to fetch Google's keys, and
// whether that worked is recorded).
const LOGGING_TABLES = new Set(['audit_log', 'api_usage_daily', 'traffic_minutes', 'traffic_hours', 'traffic_mails', 'monitoring_outside_services']);

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  items?: TSchema;
  enum?: unknown[];
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  format?: string;
};
type TOperation = {
  method: string;
  path: string;
  params: { name: string; in: string; schema?: TSchema }[];
  body?: TSchema;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const BAD_STRINGS = [
  '',
  'a\u0000b',
  '\ud800x',
  'x\udfff',
  'A'.repeat(200_000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '\u202e\u200b',
  '😀'.repeat(3),
  '%00',
  '-1',
  '1e309',
  'null',
];
const BAD_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], [1, 'x'], {}, { a: { b: { c: [] } } }, 'x'];
/** Path segments: NUL and a lone surrogate (as invalid UTF-8), huge, traversal, not a UUID. */
const BAD_SEGMENTS = [
  '%00',
  '%ED%A0%80',
  'a%00b',
  'x'.repeat(5_000),
  '..%2F..%2Fetc',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '%FF%FE',
  '%uD800',
];

/** encodeURIComponent that sends a lone surrogate as its (invalid) UTF-8 bytes instead of throwing. */
const encode = (text: string): string =>
  Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

describe.each(dbKinds)('fuzz every API path (%s)', (kind) => {
  let t: TTestContext;
  let ops: TOperation[];
  let tokens: (string | undefined)[];
  let seedId: string;
  let tables: string[];
  let user: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    // Outside services configured (a 503 "not configured" is the documented answer of an unconfigured service, not a
    // fault); their URLs point at a closed loopback port, and no fuzzed request carries a token they would verify.
    const dead = 'http://127.0.0.1:9';
    t = await createTestApp(kind, {
      jobs: false,
      env: {
        SLACK_CLIENT_ID: 'fuzz-client',
        SLACK_CLIENT_SECRET: 'fuzz-secret',
        SLACK_SIGNING_SECRET: 'fuzz-signing',
        GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com',
        GOOGLE_JWKS_URL: `${dead}/certs`,
        GOOGLE_CLIENT_SECRET: 'fuzz-secret',
        GOOGLE_OAUTH_URL: `${dead}/oauth2`,
        GOOGLE_API_URL: dead,
        KAKAO_CLIENT_ID: 'fuzz',
        KAKAO_CLIENT_SECRET: 'fuzz',
        KAKAO_AUTHORIZE_URL: `${dead}/authorize`,
        KAKAO_TOKEN_URL: `${dead}/token`,
        KAKAO_USERINFO_URL: `${dead}/me`,
        NAVER_CLIENT_ID: 'fuzz',
        NAVER_CLIENT_SECRET: 'fuzz',
        NAVER_AUTHORIZE_URL: `${dead}/authorize`,
        NAVER_TOKEN_URL: `${dead}/token`,
        NAVER_USERINFO_URL: `${dead}/me`,
      },
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: TOperation['params']; requestBody?: { content?: Record<string, { schema?: TSchema }> } }>>;
    };
    ops = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        const body = op.requestBody?.content?.['application/json']?.schema;
        ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], ...(body ? { body } : {}) });
      }
    }
    user = await signedIn(t, { fullName: '퍼즈 사용자' });
    admin = await signedIn(t, { fullName: '퍼즈 관리자', role: 'admin' });
    seedId = ((await api(t, user.token)('POST', '/api/seeds', { seed_name: '퍼즈 시드' })).body.data as { id: string }).id;
    tokens = [undefined, 'not.a.token', user.token, admin.token];
    const rows = await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    tables = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name).filter((n) => !LOGGING_TABLES.has(n) && !n.startsWith('__'));
  });
  afterAll(() => t.close());

  async function counts(): Promise<Record<string, number>> {
    const select = tables.map((n) => `(select count(*) from "${n}")::int as "${n}"`).join(', ');
    const rows = await t.database.db.execute(sql.raw(`select ${select}`));
    return (rows as unknown as { rows: Record<string, number>[] }).rows[0]!;
  }

  it(`answers ${REQUESTS} malformed requests without a 5xx, and no refused request writes a row`, async () => {
    expect(ops.length).toBeGreaterThan(50);
    // FUZZ_SEED replays or explores another sequence; the suite runs the fixed one.
    const rnd = mulberry32(Number(process.env.FUZZ_SEED ?? 0x5eed11));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

    const mutate = (schema: TSchema | undefined, depth = 0): unknown => {
      const r = rnd();
      if (r < 0.2) return pick(BAD_STRINGS);
      if (r < 0.35) return pick(BAD_VALUES);
      if (!schema || depth > 3) return pick(BAD_STRINGS);
      const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
      if (schema.enum) return rnd() < 0.5 ? schema.enum[0] : `${String(schema.enum[0])}\u0000`;
      if (schema.anyOf || schema.oneOf) return mutate(pick((schema.anyOf ?? schema.oneOf)!), depth + 1);
      if (type === 'object' || schema.properties) {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(schema.properties ?? {})) if (rnd() < 0.8) out[k] = mutate(v, depth + 1);
        if (rnd() < 0.2) out[pick(['__proto__', 'constructor', 'a\u0000', '\ud800'])] = pick(BAD_STRINGS);
        return out;
      }
      if (type === 'array') return Array.from({ length: Math.floor(rnd() * 4) }, () => mutate(schema.items, depth + 1));
      if (type === 'integer' || type === 'number') return pick([-1, 0, 1e21, 3.5, '12', NaN, 2 ** 31]);
      if (type === 'boolean') return pick([true, 'true', 1]);
      return pick(BAD_STRINGS);
    };

    const segment = (name: string): string => {
      const r = rnd();
      if (/seed/i.test(name) && r < 0.5) return seedId;
      if (r < 0.7) return pick(BAD_SEGMENTS);
      return crypto.randomUUID();
    };

    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let before = await counts();
    for (let i = 0; i < REQUESTS; i++) {
      const op = pick(ops);
      const wrongMethod = rnd() < 0.08;
      const method = wrongMethod ? pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) : op.method;
      const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => segment(name));
      const query = op.params
        .filter((p) => p.in === 'query' && rnd() < 0.7)
        .map((p) => {
          const v = mutate(p.schema);
          const text = (typeof v === 'string' ? encode(v.slice(0, 6_000)) : encode(JSON.stringify(v) ?? '')).slice(0, 20_000);
          return `${encodeURIComponent(p.name)}=${rnd() < 0.2 ? pick(['%00', '%ED%A0%80', 'a%FF']) : text}`;
        });
      if (rnd() < 0.1) query.push(`${pick(['%00', 'x'])}=${pick(['%ED%A0%80', '1'])}`);
      // An event stream that is accepted never ends (inject would wait): streams get no valid token here (see event-stream.test.ts).
      const token = op.path.endsWith('/stream') ? pick(tokens.slice(0, 2)) : pick(tokens);
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | Buffer | undefined;
      const shape = rnd();
      if (shape < 0.55) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(mutate(op.body ?? { type: 'object', properties: {} })) ?? 'null';
        // JSON.stringify keeps a lone surrogate as an escape; NUL as \u0000: both reach the parser as text.
      } else if (shape < 0.65) {
        headers['content-type'] = 'application/json';
        payload = pick(['{', '{"a":', '[1,2', '"\\ud800"', '{"a":"\\u0000"}', 'nul', '{"__proto__":{"x":1}}', '{}'.repeat(10)]);
      } else if (shape < 0.75) {
        headers['content-type'] = pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/pdf',
          'application/json; charset=latin1',
        ]);
        payload = pick(['a=b&c=%00', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', '<a>\u0000</a>', '%PDF-1.4 garbage', '{"a":1}']);
      } else if (shape < 0.78) {
        headers['content-type'] = 'application/json';
        payload = `{"a":"${'x'.repeat(1_100_000)}"}`;
      }
      const started = performance.now();
      const res = await t.app.inject({
        method: method as 'GET',
        url: `${url}${query.length ? `?${query.join('&')}` : ''}`,
        headers,
        ...(payload === undefined || method === 'GET' ? {} : { payload }),
        remoteAddress: `10.${i % 200}.${Math.floor(i / 200)}.1`,
      });
      if (process.env.FUZZ_TRACE && performance.now() - started > 200)
        console.log('slow', Math.round(performance.now() - started), method, op.path, res.statusCode);
      const where = `#${i} ${method} ${op.path} (${url.slice(0, 120)}) → ${res.statusCode}`;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 200)}`);
      const after = await counts();
      if (res.statusCode >= 400 && res.statusCode < 500) {
        for (const table of tables) if (after[table] !== before[table]) failures.push(`${where}: ${table} ${before[table]} → ${after[table]}`);
      }
      before = after;
      // A fuzzed request may end the valid sessions (POST /api/logout is a well-formed request): sign in again.
      if (res.statusCode === 401 && token && (token === tokens[2] || token === tokens[3])) {
        const who = token === tokens[2] ? user : admin;
        const fresh = await loginAs(t, who.email).catch(() => undefined);
        if (fresh) tokens[token === tokens[2] ? 2 : 3] = fresh.tokens.access_token;
        // The sign-in's own after-response work (a new-sign-in notice when the fuzzed request deleted every session)
        // lands before the next request is measured: it belongs to this sign-in, not to the next refused request.
        await settleAfterResponse();
        before = await counts();
      }
    }
    await settleAfterResponse();
    if (process.env.FUZZ_TRACE) console.log(JSON.stringify(statuses));
    expect(failures).toEqual([]);
  }, 300_000);
});
