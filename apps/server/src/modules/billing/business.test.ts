import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { startFakeNts } from './testing/fake-nts.ts';
import { businessBody, req, seedWithTeam } from './testing/tax-test-kit.ts';

const t = ko.billing.tax.business;
const v = ko.billing.validation;

describe.each(dbKinds)('billing business details on %s', (kind) => {
  let app: TTestApp;
  let nts: Awaited<ReturnType<typeof startFakeNts>>;
  beforeAll(async () => {
    nts = await startFakeNts();
    app = await createTestApp(kind, { env: nts.env, jobs: false });
  });
  afterAll(async () => {
    await app?.close();
    await nts?.close();
  });

  const url = (seedId: string) => `/api/seeds/${seedId}/billing/business`;

  it('refuses a bad check digit with a Korean field error, before asking the NTS', async () => {
    const { seedId, owner } = await seedWithTeam(app);
    const before = nts.control.calls();
    const res = await req(app, owner.token)('PUT', url(seedId), businessBody('123-45-67890'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: v.businessNumber, details: [{ path: 'businessNumber', message: v.businessNumber }] });
    expect(nts.control.calls()).toBe(before);
  });

  it('refuses a number the NTS reports closed (폐업) or does not know, on businessNumber', async () => {
    const { seedId, owner } = await seedWithTeam(app);
    nts.control.register('111-22-23339', 'closed');
    const closed = await req(app, owner.token)('PUT', url(seedId), businessBody('111-22-23339'));
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ error: t.closed, details: [{ path: 'businessNumber', message: t.closed }] });
    const unknown = await req(app, owner.token)('PUT', url(seedId), businessBody('321-45-67893'));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: t.unregistered, details: [{ path: 'businessNumber' }] });
    expect((await req(app, owner.token)('GET', url(seedId))).status).toBe(404);
  });

  it('stores a 간이과세자 as simple and says so; a 휴업 business is accepted with a note', async () => {
    const { seedId, owner } = await seedWithTeam(app);
    nts.control.register('5556667773', 'active', 'simple');
    const saved = await req(app, owner.token)('PUT', url(seedId), businessBody('555-66-67773'));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ businessNumber: '5556667773', name: '주식회사 씨앗', taxType: 'simple', note: t.simple });
    const read = await req(app, owner.token)('GET', url(seedId));
    expect(read).toMatchObject({ status: 200, body: { businessNumber: '5556667773', taxType: 'simple' } });
    expect(read.body.note).toBeUndefined();

    nts.control.register('9876543215', 'suspended', 'general');
    const paused = await req(app, owner.token)('PUT', url(seedId), businessBody('9876543215', { name: '휴업 상사' }));
    expect(paused.body).toMatchObject({ businessNumber: '9876543215', name: '휴업 상사', taxType: 'general', note: t.suspended });
  });

  it('accepts on the check digit with taxType null when the NTS does not answer', async () => {
    const { seedId, owner } = await seedWithTeam(app);
    nts.control.down(true);
    try {
      const res = await req(app, owner.token)('PUT', url(seedId), businessBody('105-87-77770'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ businessNumber: '1058777770', taxType: null, note: t.unchecked });
    } finally {
      nts.control.down(false);
    }
  });

  it('lets admins read but not write, refuses members, and DELETE makes the seed an individual', async () => {
    const { seedId, owner, admin, member } = await seedWithTeam(app);
    nts.control.register('104-86-01232');
    expect((await req(app, owner.token)('PUT', url(seedId), businessBody('1048601232'))).status).toBe(200);
    expect(await req(app, admin.token)('GET', url(seedId))).toMatchObject({ status: 200, body: { businessNumber: '1048601232', taxType: 'general' } });
    const adminWrite = await req(app, admin.token)('PUT', url(seedId), businessBody('1048601232', { name: '관리자가 바꿈' }));
    expect(adminWrite).toMatchObject({ status: 403, body: { error: ko.billing.server.ownerOnly } });
    expect((await req(app, admin.token)('DELETE', url(seedId))).status).toBe(403);
    expect((await req(app, member.token)('GET', url(seedId))).status).toBe(403);
    expect((await req(app, member.token)('PUT', url(seedId), businessBody('1048601232'))).status).toBe(403);
    expect((await req(app)('GET', url(seedId))).status).toBe(401);

    const removed = await app.app.inject({ method: 'DELETE', url: url(seedId), headers: { authorization: `Bearer ${owner.token}` } });
    expect(removed.statusCode).toBe(204);
    expect(await req(app, owner.token)('GET', url(seedId))).toMatchObject({ status: 404, body: { error: t.notFound } });
    expect((await req(app, owner.token)('DELETE', url(seedId))).status).toBe(404);
  });

  it('is documented in the OpenAPI document (business details and the Popbill webhook)', async () => {
    const doc = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/seeds/{seedId}/billing/business'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/billing/webhooks/popbill'] ?? {})).toEqual(['post']);
  });
});
