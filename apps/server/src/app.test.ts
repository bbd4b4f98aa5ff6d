import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, stateKindOf, type TTestContext } from './test/helpers.ts';

describe.each(dbKinds)('foundation on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers liveness and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: kind, redis: stateKindOf(kind) });
  });

  it('answers bad JSON with a Korean 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: '요청 본문이 올바른 JSON 형식이 아닙니다.', code: 'INVALID_JSON' });
  });

  it('answers unknown API routes with a Korean 404, never the SPA', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/anything', payload: '{bad' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND', error: '존재하지 않는 API 경로입니다.' });
    const get = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('publishes an OpenAPI document and a reference page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toContain('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
