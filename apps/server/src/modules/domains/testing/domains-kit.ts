/** Test kit of the custom-domains API (issue 33): an app whose resolver is a fake DNS on loopback, a movable clock, a seed with its people. */
import { seedMembers, seeds } from '../../../db/schema.ts';
import { createTestApp, movableClock, type TClock, type TTestApp } from '../../../test/helpers.ts';
import { startFakeDns, type TFakeDns } from '../../../test-support/fake-dns.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { domainsOf } from '../domains.module.ts';
import type { TDomainsDeps } from '../domains.service.ts';

export const APP_HOST = 'suite.example.com';
export const TARGET = 'edge.suite-cdn.net';
export const EDGE_IP = '203.0.113.10';

export type TDomainsTest = { t: TTestApp; dns: TFakeDns; clock: TClock; deps: TDomainsDeps; close: () => Promise<void> };

export async function domainsTestApp(kind: 'pglite' | 'postgres', opts: { ip?: boolean } = {}): Promise<TDomainsTest> {
  const dns = await startFakeDns();
  const clock = movableClock(Date.parse('2026-11-27T03:00:00Z'));
  const env: Record<string, string> = { DNS_SERVERS: dns.servers, APP_URL: `https://${APP_HOST}`, CUSTOM_DOMAIN_TARGET: TARGET };
  if (opts.ip !== false) env.CUSTOM_DOMAIN_IP = EDGE_IP;
  const t = await createTestApp(kind, { env, jobs: false, now: clock.now });
  const deps = domainsOf(t.app.ctx);
  if (!deps) throw new Error('domains module not registered');
  return {
    t,
    dns,
    clock,
    deps,
    close: async () => {
      await t.close();
      await dns.close();
    },
  };
}

type TPerson = Awaited<ReturnType<typeof signedIn>>;
export type TDomainsSeed = { seedId: string; owner: TPerson; admin: TPerson; member: TPerson };

/** A seed with an owner, an admin and a member, each signed in. */
export async function domainsSeed(t: TTestApp, name = '도메인 시드'): Promise<TDomainsSeed> {
  const [owner, admin, member] = await Promise.all([signedIn(t), signedIn(t), signedIn(t)]);
  const [row] = await t.database.db.insert(seeds).values({ seedName: name, ownerId: owner.id }).returning({ id: seeds.id });
  const seedId = row!.id;
  await t.database.db.insert(seedMembers).values([
    { seedId, userId: owner.id, role: 'owner' },
    { seedId, userId: admin.id, role: 'admin' },
    { seedId, userId: member.id, role: 'member' },
  ]);
  return { seedId, owner, admin, member };
}

export const domainsApi = (t: TTestApp, token: string) => api(t, token);
