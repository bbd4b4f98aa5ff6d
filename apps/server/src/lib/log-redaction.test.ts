import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('log redaction', () => {
  it('masks mailed tokens and OAuth returns in logged URLs', () => {
    expect(redactUrl('/auth/confirm?token=abc.DEF-1')).toBe('/auth/confirm?token=[가림]');
    expect(redactUrl('/reset-password?x=1&token=abc&y=2')).toBe('/reset-password?x=1&token=[가림]&y=2');
    expect(redactUrl('/login?access_token=a.b.c&refresh_token=d.e.f&redirect=/x')).toBe('/login?access_token=[가림]&refresh_token=[가림]&redirect=/x');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('masks keys a client puts in the query string (the data API reads them only from headers)', () => {
    expect(redactUrl('/rest/shop/items?select=id&apikey=sk_live_123&id=eq.1')).toBe('/rest/shop/items?select=id&apikey=[가림]&id=eq.1');
    expect(redactUrl('/rest/shop/items?API_KEY=abc')).toBe('/rest/shop/items?API_KEY=[가림]');
    // A column merely named like a key is not a parameter name match.
    expect(redactUrl('/rest/shop/items?monkey=eq.apikey')).toBe('/rest/shop/items?monkey=eq.apikey');
  });
});
