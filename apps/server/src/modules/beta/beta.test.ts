import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { betaApplications } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { BETA_LIMIT } from './beta.service.ts';

const v = ko.site.beta.validation;
let ipCounter = 0;
const nextIp = () => `10.9.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;
let emailCounter = 0;
const uniqueEmail = () => `beta${++emailCounter}.${Date.now().toString(36)}@example.com`;

describe.each(dbKinds)('POST /api/beta-applications on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const apply = async (body: Record<string, unknown>, ip = nextIp()) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/beta-applications', payload: body, remoteAddress: ip });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it('stores an application and answers in Korean', async () => {
    const email = uniqueEmail();
    const res = await apply({ name: ' 홍길동 ', email: email.toUpperCase(), company: '주식회사 예시', service: 'meeting-room' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, created: true, message: ko.site.beta.success });
    const rows = await t.database.db.select().from(betaApplications).where(eq(betaApplications.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '홍길동', company: '주식회사 예시', service: 'meeting-room', userId: null });
  });

  it('keeps one row when the same email applies twice for the same service', async () => {
    const email = uniqueEmail();
    await apply({ name: '김철수', email, service: 'food-manager' });
    const again = await apply({ name: '김철수', email, service: 'food-manager' });
    expect(again.body).toEqual({ success: true, created: false, message: ko.site.beta.already });
    const other = await apply({ name: '김철수', email, service: 'ai-chatbot' });
    expect(other.body.created).toBe(true);
    const rows = await t.database.db.select().from(betaApplications).where(eq(betaApplications.email, email));
    expect(rows.map((r) => r.service).sort()).toEqual(['ai-chatbot', 'food-manager']);
  });

  it.each([
    [{ name: '' }, 'name', v.nameRequired],
    [{ name: '가'.repeat(41) }, 'name', v.nameMax],
    [{ email: 'not-an-email' }, 'email', ko.auth.validation.emailFormat],
    [{ company: 'x'.repeat(101) }, 'company', v.companyMax],
    [{ service: 'rocket' }, 'service', v.serviceRequired],
  ])('refuses %j with the Korean message on %s', async (override, path, message) => {
    const res = await apply({ name: '홍길동', email: uniqueEmail(), service: 'slack-ai', ...override });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toContainEqual({ path, message });
  });

  it('limits one address to a handful of applications, with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < BETA_LIMIT.max; i += 1) {
      expect((await apply({ name: '홍길동', email: uniqueEmail(), service: 'slack-ai' }, ip)).status).toBe(200);
    }
    const refused = await apply({ name: '홍길동', email: uniqueEmail(), service: 'slack-ai' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', error: ko.errors.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.json().paths['/api/beta-applications'].post.responses).toHaveProperty('429');
  });
});
