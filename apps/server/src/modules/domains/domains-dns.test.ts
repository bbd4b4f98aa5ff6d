import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ko } from '@suite/shared';
import type { TDomain, TDomainList } from '@suite/shared/schemas/domains';
import { seedDomains } from '../../db/schema-domains.ts';
import { dbKinds } from '../../test/helpers.ts';
import { backoffMs } from './domain-check.ts';
import { connectedHost, runDueChecks } from './domains.service.ts';
import { onHostInvalidated } from './host-cache.ts';
import { TARGET, domainsApi, domainsSeed, domainsTestApp, type TDomainsSeed, type TDomainsTest } from './testing/domains-kit.ts';

const c = ko.domains.server.check;
const MIN = 60_000;

describe('check back-off', () => {
  it('waits 1, 2, 4 … minutes after failures, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 30].map(backoffMs)).toEqual([MIN, 2 * MIN, 4 * MIN, 8 * MIN, 60 * MIN, 60 * MIN, 60 * MIN]);
  });
});

describe.each(dbKinds)('DNS checks of custom domains on %s (fake DNS on loopback)', (kind) => {
  let s: TDomainsTest;
  let x: TDomainsSeed;
  const base = () => `/api/seeds/${x.seedId}/domains`;
  const rowOf = async (id: string) => (await s.t.database.db.select().from(seedDomains).where(eq(seedDomains.id, id)))[0]!;
  /** Moves the clock to the row's next check and runs the schedule's pass. */
  const nextPass = async (id: string) => {
    const row = await rowOf(id);
    const wait = row.nextCheckAt.getTime() - s.clock.now().getTime();
    if (wait > 0) s.clock.advance(wait);
    return runDueChecks(s.deps);
  };

  beforeAll(async () => {
    s = await domainsTestApp(kind, { ip: false });
    x = await domainsSeed(s.t);
  });
  afterAll(() => s?.close());

  it('goes 확인 중 → 연결됨 when the TXT appears, 오류 when it disappears, 연결됨 again when it is back', async () => {
    const changes: string[] = [];
    const stop = onHostInvalidated((host) => changes.push(host));
    const d = (await domainsApi(s.t, x.owner.token)('POST', base(), { host: 'api.example.co.kr', purpose: 'data-api' })).body as TDomain;
    const [own, route] = d.records;
    expect(route).toMatchObject({ type: 'CNAME', value: TARGET });

    // Nothing in DNS yet: still pending, with the reason, and the next check backs off.
    expect(await nextPass(d.id)).toEqual({ checked: 1, failed: 0 });
    let row = await rowOf(d.id);
    expect(row).toMatchObject({ status: 'pending', error: c.ownershipMissing, failures: 1 });
    expect(row.nextCheckAt.getTime() - row.checkedAt!.getTime()).toBe(MIN);
    await nextPass(d.id);
    row = await rowOf(d.id);
    expect(row.failures).toBe(2);
    expect(row.nextCheckAt.getTime() - row.checkedAt!.getTime()).toBe(2 * MIN);

    // The routing record alone is not enough; the TXT alone is not enough for a data-API host either.
    s.dns.set(route!.name, 'CNAME', [TARGET]);
    await nextPass(d.id);
    expect((await rowOf(d.id)).status).toBe('pending');
    s.dns.remove(route!.name);
    s.dns.set(own!.name, 'TXT', [own!.value]);
    await nextPass(d.id);
    expect(await rowOf(d.id)).toMatchObject({ status: 'pending', error: c.routingMissing(TARGET) });

    // Both: connected, checked hourly from now on.
    s.dns.set(route!.name, 'CNAME', [`${TARGET}.`]);
    await nextPass(d.id);
    row = await rowOf(d.id);
    expect(row).toMatchObject({ status: 'connected', error: null, failures: 0 });
    expect(row.verifiedAt?.getTime()).toBe(s.clock.now().getTime());
    expect(row.nextCheckAt.getTime() - row.checkedAt!.getTime()).toBe(60 * MIN);
    expect(await connectedHost(s.t.database.db, 'api.example.co.kr')).toEqual({ seedId: x.seedId, purpose: 'data-api', domainId: d.id });
    expect(changes).toEqual(['api.example.co.kr']);

    // A check that is not due does nothing.
    expect(await runDueChecks(s.deps)).toEqual({ checked: 0, failed: 0 });

    // A resolver in trouble is not a missing record: the domain stays connected.
    s.dns.failing = true;
    await nextPass(d.id);
    expect(await rowOf(d.id)).toMatchObject({ status: 'connected', failures: 1 });
    s.dns.failing = false;

    // The TXT disappears: error with the Korean reason; routing stops.
    s.dns.remove(own!.name);
    await nextPass(d.id);
    row = await rowOf(d.id);
    expect(row).toMatchObject({ status: 'error', error: c.ownershipGone });
    expect(await connectedHost(s.t.database.db, 'api.example.co.kr')).toBeNull();
    const listed = ((await domainsApi(s.t, x.owner.token)('GET', base())).body as TDomainList).data.find((r) => r.id === d.id)!;
    expect(listed).toMatchObject({ status: 'error', error: c.ownershipGone });

    // Back: connected again (the error rows keep being checked on the back-off).
    s.dns.set(own!.name, 'TXT', ['v=spf1 -all', own!.value]);
    await nextPass(d.id);
    expect(await rowOf(d.id)).toMatchObject({ status: 'connected', error: null, failures: 0 });
    expect(changes).toEqual(['api.example.co.kr', 'api.example.co.kr', 'api.example.co.kr']);
    stop();
  });

  it('runs on the job runner: the domains.check schedule is registered', () => {
    expect(s.t.app.jobs.registered().schedules).toContain('domains.check');
  });

  it('connects a mail domain only when its DKIM key is published as given; SPF and DMARC are reported, not required', async () => {
    const d = (await domainsApi(s.t, x.owner.token)('POST', base(), { host: 'example.net', purpose: 'mail' })).body as TDomain;
    const byRole = Object.fromEntries(d.records.map((r) => [r.role, r]));
    s.dns.set(byRole.ownership!.name, 'TXT', [byRole.ownership!.value]);
    // A DKIM record with another key does not count.
    s.dns.set(byRole.dkim!.name, 'TXT', ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwrong']);
    let checked = (await domainsApi(s.t, x.owner.token)('POST', `${base()}/${d.id}/verify`)).body as TDomain;
    expect(checked).toMatchObject({ status: 'pending', error: c.dkimMissing });
    expect(checked.records.map((r) => [r.role, r.found])).toEqual([
      ['ownership', true],
      ['spf', false],
      ['dkim', false],
      ['dmarc', false],
    ]);
    // Published the way DNS hosts split long values (the fake DNS sends > 255 bytes as several strings).
    s.dns.set(byRole.dkim!.name, 'TXT', [byRole.dkim!.value.replace('; p=', ';  p=')]);
    s.dns.set(byRole.spf!.name, 'TXT', [`v=spf1 include:_spf.google.com a:${TARGET} ~all`]);
    checked = (await domainsApi(s.t, x.owner.token)('POST', `${base()}/${d.id}/verify`)).body as TDomain;
    expect(checked.status).toBe('connected');
    expect(checked.records.map((r) => [r.role, r.found])).toEqual([
      ['ownership', true],
      ['spf', true],
      ['dkim', true],
      ['dmarc', false],
    ]);
  });
});
