import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicKey, createPrivateKey, sign, verify } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TDomain, TDomainList } from '@suite/shared/schemas/domains';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { dbKinds } from '../../test/helpers.ts';
import { signedIn } from '../admin-users/testing/console-test-kit.ts';
import { normaliseHost } from './domain-name.ts';
import { routingRecord, spfValue } from './domain-records.ts';
import { connectedHelpOrigins, connectedHost, mailSenderOf } from './domains.service.ts';
import { APP_HOST, EDGE_IP, TARGET, domainsApi, domainsSeed, domainsTestApp, type TDomainsSeed, type TDomainsTest } from './testing/domains-kit.ts';

const h = ko.domains.server.host;
const OWN = [APP_HOST, TARGET];

describe('records for an operator on addresses', () => {
  it('authorise a relay given by address with ip4:/ip6: (a: takes a name), and route to an address with an A record', () => {
    expect(spfValue({ target: '203.0.113.7', ip: undefined, spfHost: '203.0.113.7' })).toBe('v=spf1 ip4:203.0.113.7 ~all');
    expect(spfValue({ target: 'edge.example.net', ip: '203.0.113.7', spfHost: '203.0.113.7' })).toBe('v=spf1 ip4:203.0.113.7 ~all');
    expect(spfValue({ target: 'edge.example.net', ip: undefined, spfHost: '2001:db8::25' })).toBe('v=spf1 ip6:2001:db8::25 ~all');
    expect(spfValue({ target: 'edge.example.net', ip: undefined, spfHost: 'smtp.example.net' })).toBe('v=spf1 a:smtp.example.net ~all');
    expect(routingRecord('api.shop.example.com', { target: '127.0.0.1', ip: undefined, spfHost: '127.0.0.1' })).toMatchObject({
      type: 'A',
      value: '127.0.0.1',
    });
    expect(routingRecord('api.shop.example.com', { target: 'edge.example.net', ip: undefined, spfHost: 'x' })).toMatchObject({
      type: 'CNAME',
      value: 'edge.example.net',
    });
  });
});

describe('host names (normaliseHost)', () => {
  const ok: [string, string][] = [
    ['API.Example.co.kr', 'api.example.co.kr'],
    ['한국.kr', 'xn--3e0b707e.kr'],
    ['ＡＰＩ.example.com', 'api.example.com'],
    ['  help.example.com.  ', 'help.example.com'],
    ['a-b.c9.example.com', 'a-b.c9.example.com'],
    ['xn--3e0b707e.kr', 'xn--3e0b707e.kr'],
  ];
  it.each(ok)('accepts %s as %s', (input, want) => {
    expect(normaliseHost(input, OWN)).toBe(want);
  });

  const bad: [string, string][] = [
    ['1.2.3.4', h.ip],
    ['[::1]', h.ip],
    ['2001:db8::1', h.ip],
    ['0x7f.1', h.ip],
    ['3232235777', h.ip],
    ['10.0.0.1.', h.ip],
    ['example.123', h.ip],
    ['suite.example.com', h.ownHost],
    ['api.suite.example.com', h.ownHost],
    ['edge.suite-cdn.net', h.ownHost],
    ['x.edge.suite-cdn.net', h.ownHost],
    ['localhost', h.reserved],
    ['db.localhost', h.reserved],
    ['printer.local', h.reserved],
    ['svc.internal', h.reserved],
    ['a.invalid', h.reserved],
    ['my.test', h.reserved],
    ['com', h.twoLabels],
    ['-bad.example.com', h.label],
    ['bad-.example.com', h.label],
    ['exa_mple.com', h.label],
    ['*.example.com', h.label],
    ['a..example.com', h.label],
    [`${'a'.repeat(64)}.example.com`, h.label],
    // Punycode that does not decode, and hyphens in the IDN places without xn-- (RFC 5891).
    ['xn--zzzzzz.com', h.label],
    ['xn--a.com', h.label],
    ['x.xn--0.com', h.label],
    ['ab--cd.com', h.label],
    [`${'a.'.repeat(130)}kr`, h.tooLong],
    ['https://help.example.com', h.scheme],
    ['help.example.com/path', h.scheme],
    ['help.example.com:8443', h.scheme],
    ['', h.invalid],
  ];
  it.each(bad)('refuses %s', (input, message) => {
    expect(() => normaliseHost(input, OWN)).toThrow(message);
  });
});

describe.each(dbKinds)('custom domains API on %s', (kind) => {
  let s: TDomainsTest;
  let a: TDomainsSeed;
  let b: TDomainsSeed;
  const base = (x: TDomainsSeed) => `/api/seeds/${x.seedId}/domains`;
  const add = (x: TDomainsSeed, host: string, purpose: string, token = x.owner.token) => domainsApi(s.t, token)('POST', base(x), { host, purpose });
  const del = async (x: TDomainsSeed, id: string, token = x.owner.token) =>
    (await s.t.app.inject({ method: 'DELETE', url: `${base(x)}/${id}`, headers: { authorization: `Bearer ${token}` } })).statusCode;
  const publish = (d: TDomain) => {
    for (const r of d.records) s.dns.set(r.name, r.type, [r.value]);
  };

  beforeAll(async () => {
    s = await domainsTestApp(kind);
    [a, b] = await Promise.all([domainsSeed(s.t, '시드 A'), domainsSeed(s.t, '시드 B')]);
  });
  afterAll(() => s?.close());

  it('adds a data-API host: 201, pending, the ownership TXT and the CNAME to the target', async () => {
    const res = await add(a, 'API.Example.co.kr', 'data-api');
    expect(res.status).toBe(201);
    const d = res.body as TDomain;
    expect(d).toMatchObject({ host: 'api.example.co.kr', purpose: 'data-api', status: 'pending', error: null, checkedAt: null, verifiedAt: null });
    expect(d.records).toHaveLength(2);
    const [own, route] = d.records;
    expect(own).toMatchObject({ type: 'TXT', name: '_company-tools.api.example.co.kr', role: 'ownership' });
    expect(own!.value).toMatch(/^company-tools-verify=[A-Za-z0-9_-]{43}$/);
    expect(route).toEqual({ type: 'CNAME', name: 'api.example.co.kr', value: TARGET, role: 'routing' });
    const list = (await domainsApi(s.t, a.admin.token)('GET', base(a))).body as TDomainList;
    expect(list.data.map((x) => x.id)).toContain(d.id);
  });

  it('offers an A record to CUSTOM_DOMAIN_IP for an apex name, and stores IDN in punycode', async () => {
    const res = await add(a, '한국.kr', 'help');
    expect(res.status).toBe(201);
    const d = res.body as TDomain;
    expect(d.host).toBe('xn--3e0b707e.kr');
    expect(d.records[1]).toEqual({ type: 'A', name: 'xn--3e0b707e.kr', value: EDGE_IP, role: 'routing' });
  });

  it('gives a mail domain SPF, DKIM (a 2048-bit key whose private half signs) and DMARC', async () => {
    const res = await add(a, 'mail-a.example.com', 'mail');
    expect(res.status).toBe(201);
    const d = res.body as TDomain;
    expect(d.records.map((r) => r.role)).toEqual(['ownership', 'spf', 'dkim', 'dmarc']);
    const spf = d.records[1]!;
    expect(spf).toMatchObject({ type: 'TXT', name: 'mail-a.example.com' });
    expect(spf.value).toBe(`v=spf1 ip4:${EDGE_IP} a:${TARGET} ~all`);
    const dkim = d.records[2]!;
    expect(dkim.name).toBe('ct202611._domainkey.mail-a.example.com');
    const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(dkim.value)?.[1];
    expect(p).toBeDefined();
    const publicKey = createPublicKey({ key: Buffer.from(p!, 'base64'), format: 'der', type: 'spki' });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(d.records[3]).toMatchObject({ type: 'TXT', name: '_dmarc.mail-a.example.com', value: 'v=DMARC1; p=none; adkim=s; aspf=r' });
    // Not connected yet: no sender. Once connected, the sealed private key opens with ENCRYPTION_KEY and matches the record.
    expect(await mailSenderOf(s.t.database.db, a.seedId, s.t.config.encryptionKey)).toBeNull();
    publish(d);
    const checked = (await domainsApi(s.t, a.owner.token)('POST', `${base(a)}/${d.id}/verify`)).body as TDomain;
    expect(checked.status).toBe('connected');
    expect(checked.records.every((r) => r.found === true)).toBe(true);
    const sender = await mailSenderOf(s.t.database.db, a.seedId, s.t.config.encryptionKey);
    expect(sender).toMatchObject({ domain: 'mail-a.example.com', selector: 'ct202611' });
    const sig = sign('sha256', Buffer.from('hello'), createPrivateKey(sender!.privateKeyPem));
    expect(verify('sha256', Buffer.from('hello'), publicKey, sig)).toBe(true);
    // A key sealed under another ENCRYPTION_KEY cannot be opened: no sender rather than a crash.
    expect(await mailSenderOf(s.t.database.db, a.seedId, Buffer.alloc(32, 7))).toBeNull();
  });

  it('refuses bad names with a Korean 400, before anything is stored', async () => {
    for (const [host, message] of [
      ['192.168.0.1', h.ip],
      [APP_HOST, h.ownHost],
      ['bad_label.example.com', h.label],
      ['localhost', h.reserved],
    ] as const) {
      const res = await add(a, host, 'help');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'DOMAIN_HOST_INVALID', error: message });
    }
    expect((await add(a, 'ok.example.com', 'web')).status).toBe(400);
    expect((await domainsApi(s.t, a.owner.token)('POST', base(a), { purpose: 'help' })).status).toBe(400);
  });

  it('lets the owner, seed admins and platform admins manage; members 403; strangers and unknown seeds 404', async () => {
    expect((await domainsApi(s.t, a.member.token)('GET', base(a))).status).toBe(403);
    const memberAdd = await add(a, 'member.example.com', 'help', a.member.token);
    expect(memberAdd.status).toBe(403);
    expect(memberAdd.body).toMatchObject({ code: 'DOMAIN_FORBIDDEN', error: ko.domains.server.managersOnly });
    // Refused before validation: a member learns nothing from a bad body either.
    expect((await domainsApi(s.t, a.member.token)('POST', base(a), { host: 1 })).status).toBe(403);
    expect((await domainsApi(s.t, b.owner.token)('GET', base(a))).status).toBe(404);
    expect((await domainsApi(s.t, a.owner.token)('GET', '/api/seeds/00000000-0000-4000-8000-000000000000/domains')).status).toBe(404);
    expect((await domainsApi(s.t, a.owner.token)('GET', '/api/seeds/not-a-uuid/domains')).status).toBe(404);
    expect((await s.t.app.inject({ method: 'GET', url: base(a) })).statusCode).toBe(401);
    const byAdmin = await add(a, 'admin-added.example.com', 'help', a.admin.token);
    expect(byAdmin.status).toBe(201);
    const platform = await signedIn(s.t, { role: 'admin' });
    expect((await domainsApi(s.t, platform.token)('GET', base(a))).status).toBe(200);
    expect(await del(a, (byAdmin.body as TDomain).id, platform.token)).toBe(204);
    // Another seed's domain id through this seed's URL: 404.
    const mine = ((await domainsApi(s.t, a.owner.token)('GET', base(a))).body as TDomainList).data[0]!;
    expect(await del(b, mine.id, b.owner.token)).toBe(404);
    expect((await domainsApi(s.t, b.owner.token)('POST', `${base(b)}/${mine.id}/verify`)).status).toBe(404);
  });

  it('is in the OpenAPI document with Korean summaries', async () => {
    const doc = (await s.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(Object.keys(doc.paths['/api/seeds/{seedId}/domains'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/seeds/{seedId}/domains/{id}/verify']?.post?.summary).toMatch(/도메인 지금 확인/);
    expect(doc.paths['/api/seeds/{seedId}/domains/{id}']?.delete?.summary).toMatch(/도메인 제거/);
  });

  it('refuses the same host twice in one seed (any purpose) with 409', async () => {
    const res = await add(a, 'api.example.co.kr', 'help');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DOMAIN_EXISTS' });
  });

  it('a host connected by seed A cannot be added by seed B; a pending one can, and then cannot connect (409 race)', async () => {
    const first = (await add(a, 'shared.example.com', 'data-api')).body as TDomain;
    const second = (await add(b, 'shared.example.com', 'data-api')).body as TDomain;
    expect(second.status).toBe('pending');
    publish(first);
    // Seed B publishes its own token too: both TXT values are on the name.
    s.dns.set(first.records[0]!.name, 'TXT', [first.records[0]!.value, second.records[0]!.value]);
    const verifyA = (await domainsApi(s.t, a.owner.token)('POST', `${base(a)}/${first.id}/verify`)).body as TDomain;
    expect(verifyA.status).toBe('connected');
    expect(await connectedHost(s.t.database.db, 'shared.example.com')).toEqual({ seedId: a.seedId, purpose: 'data-api', domainId: first.id });
    const taken = await add(b, 'shared.example.com', 'help');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'DOMAIN_HOST_TAKEN' });
    // B's pending row sees its records, but the host is A's: the unique index refuses, the row becomes error.
    const verifyB = (await domainsApi(s.t, b.owner.token)('POST', `${base(b)}/${second.id}/verify`)).body as TDomain;
    expect(verifyB.status).toBe('error');
    expect(verifyB.error).toBe(ko.domains.server.check.takenElsewhere);
    expect(await connectedHost(s.t.database.db, 'shared.example.com')).toMatchObject({ seedId: a.seedId });
  });

  it("a token is single-use and bound to its row: seed B cannot connect with A's record, a re-added domain gets a new token", async () => {
    const mine = (await add(a, 'once.example.com', 'help')).body as TDomain;
    const oldRecord = mine.records[0]!;
    publish(mine);
    const theirs = (await add(b, 'once.example.com', 'help')).body as TDomain;
    expect(theirs.records[0]!.value).not.toBe(oldRecord.value);
    // Only A's token is in DNS: B's row does not connect on it.
    const tryB = (await domainsApi(s.t, b.owner.token)('POST', `${base(b)}/${theirs.id}/verify`)).body as TDomain;
    expect(tryB.status).toBe('pending');
    expect(tryB.error).toBe(ko.domains.server.check.ownershipMissing);
    expect(tryB.records[0]!.found).toBe(false);
    expect(await del(b, theirs.id, b.owner.token)).toBe(204);
    // A removes and adds again: the old TXT value no longer proves anything.
    expect(await del(a, mine.id)).toBe(204);
    const again = (await add(a, 'once.example.com', 'help')).body as TDomain;
    expect(again.records[0]!.value).not.toBe(oldRecord.value);
    const check = (await domainsApi(s.t, a.owner.token)('POST', `${base(a)}/${again.id}/verify`)).body as TDomain;
    expect(check.status).toBe('pending');
    expect(await connectedHelpOrigins(s.t.database.db, a.seedId)).not.toContain('https://once.example.com');
    s.dns.set(again.records[0]!.name, 'TXT', [again.records[0]!.value]);
    const ok = (await domainsApi(s.t, a.owner.token)('POST', `${base(a)}/${again.id}/verify`)).body as TDomain;
    expect(ok.status).toBe('connected');
    expect(await connectedHelpOrigins(s.t.database.db, a.seedId)).toContain('https://once.example.com');
  });

  it('removes a connected domain: 204, gone from the list, no longer routed; a second delete is 404', async () => {
    const list = ((await domainsApi(s.t, a.owner.token)('GET', base(a))).body as TDomainList).data;
    const connected = list.find((d) => d.host === 'once.example.com')!;
    expect(connected.status).toBe('connected');
    expect(connected.records.find((r) => r.role === 'ownership')?.found).toBe(true);
    expect(await del(a, connected.id, a.member.token)).toBe(403);
    expect(await del(a, connected.id)).toBe(204);
    expect(await del(a, connected.id)).toBe(404);
    expect(await connectedHost(s.t.database.db, 'once.example.com')).toBeNull();
    const after = ((await domainsApi(s.t, a.owner.token)('GET', base(a))).body as TDomainList).data;
    expect(after.some((d) => d.id === connected.id)).toBe(false);
    // Audited: added (twice: removed once and added again), connected, removed — with the host as the label.
    const rows = await s.t.database.db.select().from(auditLog).where(eq(auditLog.targetId, a.seedId));
    const onHost = rows.filter((r) => (r.metadata as { label?: string } | null)?.label === 'once.example.com');
    expect(onHost.map((r) => r.action).sort()).toEqual(['domain.added', 'domain.added', 'domain.connected', 'domain.removed', 'domain.removed']);
    expect(onHost.filter((r) => r.action === 'domain.removed').map((r) => r.actorId)).toEqual([a.owner.id, a.owner.id]);
  });

  it('rate-limits checks to 10 a minute per seed (429 in Korean)', async () => {
    const d = (await add(b, 'busy.example.com', 'help')).body as TDomain;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await domainsApi(s.t, b.owner.token)('POST', `${base(b)}/${d.id}/verify`)).status);
    expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(10);
    const limited = await domainsApi(s.t, b.owner.token)('POST', `${base(b)}/${d.id}/verify`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', error: ko.domains.server.verifyLimited });
  });

  it('caps a seed at 20 domains', async () => {
    const c = await domainsSeed(s.t, '시드 C');
    for (let i = 0; i < 20; i++) expect((await add(c, `d${i}.example.org`, 'help')).status).toBe(201);
    const over = await add(c, 'd20.example.org', 'help');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'DOMAIN_LIMIT' });
  });
});
