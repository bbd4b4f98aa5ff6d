/**
 * Issue 27, item 1: with API_BUILDER_ALLOW_PRIVATE_HOSTS=true and the product on the machine's PostgreSQL, no spelling
 * of this machine reaches the product's own database (refused before connecting), a port forwarded to it is refused
 * after connecting (same cluster and database), and another database on the same server is still allowed.
 */
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, type TTestContext } from '../../test/helpers.ts';
import { createCustomerDb, type TCustomerDb } from './testing/api-builder-kit.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { canonicalAddress, isPrivateAddress } from '../../lib/outbound-guard.ts';

describe('canonical addresses', () => {
  it('spells every IPv4-mapped and -compatible form as the IPv4 address it carries', () => {
    for (const a of ['::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '[::ffff:7f00:1]', '::ffff:127.0.0.1', '::127.0.0.1', '0:0::ffff:127.0.0.1'])
      expect(canonicalAddress(a), a).toBe('127.0.0.1');
    expect(canonicalAddress('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe('0:0:0:0:0:0:0:1');
    expect(canonicalAddress('2001:DB8::1')).toBe('2001:db8:0:0:0:0:0:1');
    // The outbound guard judges every such spelling as the IPv4 address (private without the operator's permission).
    for (const a of ['::7f00:1', '0:0:0:0:0:ffff:7f00:1', '::ffff:a9fe:a9fe']) expect(isPrivateAddress(a), a).toBe(true);
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
  });
});

const admin = process.env.TEST_DATABASE_URL;

describe.runIf(admin)('the product’s own database is never a customer connection (PostgreSQL)', () => {
  let t: TTestContext;
  let own: string;
  let customer: TCustomerDb;
  let proxy: Server;
  let seedBase: string;
  let o: ReturnType<typeof api>;

  beforeAll(async () => {
    const created = await createPostgresDatabase('suite_own');
    own = created.name;
    const url = new URL(created.url);
    // The app opens the database its DATABASE_URL names, as in production: that is the one it must refuse.
    const app = await createTestApp('postgres', { env: { DATABASE_URL: created.url, API_BUILDER_ALLOW_PRIVATE_HOSTS: 'true' }, database: 'config' });
    t = {
      ...app,
      close: async () => {
        await app.close();
        await created.drop();
      },
    };
    customer = await createCustomerDb('postgres');
    // A port forwarded to the machine's PostgreSQL: the host check cannot see through it.
    proxy = createServer((socket) => {
      const upstream = connect(Number(url.port || 5432), '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const owner = await signedIn(t);
    o = api(t, owner.token);
    const seed = (await o('POST', '/api/seeds', { seed_name: '자기 DB 시험' })).body.data as { id: string };
    seedBase = `/api/seeds/${seed.id}/api-builder`;
  }, 60_000);
  afterAll(async () => {
    proxy?.close();
    await t?.close();
    await customer?.drop();
  });

  const input = (host: string, database: string, port = 5432) => ({
    name: '시험',
    engine: 'postgres',
    host,
    port,
    database,
    user: decodeURIComponent(new URL(admin!).username || 'postgres'),
    password: decodeURIComponent(new URL(admin!).password),
  });

  it('refuses every spelling of this machine for the own database, in Korean (422)', async () => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    const spellings = [
      '127.0.0.1',
      'localhost',
      '127.0.0.2',
      '0.0.0.0',
      '0',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '[::ffff:7f00:1]',
      '::ffff:127.0.0.1',
      '::1',
      '[::]',
      ...lan,
    ];
    for (const host of spellings) {
      const res = await o('POST', `${seedBase}/connections`, input(host, own));
      expect(res.status, host).toBe(422);
      expect(res.body.error, host).toContain('이 서비스 자체의 데이터베이스');
    }
  });

  it('refuses the own database reached through a forwarded port (checked after connecting)', async () => {
    const port = (proxy.address() as AddressInfo).port;
    const res = await o('POST', `${seedBase}/connections`, input('127.0.0.1', own, port));
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('이 서비스 자체의 데이터베이스');
  });

  it('still allows another database on the same server, whatever the spelling', async () => {
    for (const host of ['0.0.0.0', '::ffff:7f00:1']) {
      const res = await o('POST', `${seedBase}/connections`, input(host, customer.database));
      expect(res.status, host).toBe(201);
    }
    const viaProxy = await o('POST', `${seedBase}/connections`, input('127.0.0.1', customer.database, (proxy.address() as AddressInfo).port));
    expect(viaProxy.status).toBe(201);
  });
});
