/**
 * Route limits through @fastify/rate-limit (decision 033): routes that name the same key count together, a refusal is
 * the house's Korean 429 with Retry-After, and no X-RateLimit headers are added to any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestApp } from '../test/helpers.ts';
import { LIMITS } from '../modules/auth/auth.throttle.ts';

describe.each(dbKinds)('route limits on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, body: Record<string, unknown>, ip: string) => t.app.inject({ method: 'POST', url, payload: body, remoteAddress: ip });

  it('the mailed-token routes share one budget per address; the next is a Korean 429 with Retry-After', async () => {
    const ip = '10.77.0.1';
    const token = 'x'.repeat(43);
    for (let i = 0; i < LIMITS.recoveryIp.max; i++) {
      const res = await post(i % 2 ? '/api/auth/confirm-email' : '/api/auth/unlock-login', { token }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const over = await post('/api/auth/identities/confirm', { token }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', error: ko.errors.rateLimited });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['x-ratelimit-remaining']).toBeUndefined();
    // Another address has its own budget; an invalid body is refused before it is counted.
    expect((await post('/api/auth/confirm-email', { token }, '10.77.0.2')).statusCode).toBe(400);
    expect((await post('/api/auth/confirm-email', {}, ip)).statusCode).toBe(400);
  });
});
