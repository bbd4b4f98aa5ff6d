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

  it('masks door display tokens and calendar feed tokens in the path, and the QR check-in code', () => {
    const token = 'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6';
    expect(redactUrl(`/api/room-displays/${token}`)).toBe('/api/room-displays/[가림]');
    expect(redactUrl(`/api/room-displays/${token}/quick-book`)).toBe('/api/room-displays/[가림]/quick-book');
    expect(redactUrl(`/api/room-displays/${token}/check-in?x=1`)).toBe('/api/room-displays/[가림]/check-in?x=1');
    expect(redactUrl(`/rooms/display/${token}`)).toBe('/rooms/display/[가림]');
    expect(redactUrl(`//api//room-displays/${token}`)).toBe('//api//room-displays/[가림]');
    expect(redactUrl(`http://suite.example/api/room-displays/${token}`)).toBe('http://suite.example/api/room-displays/[가림]');
    expect(redactUrl(`/api/calendar-feeds/${token}.ics`)).toBe('/api/calendar-feeds/[가림]');
    const room = '0b6c1a52-6a43-4c1e-9a57-5d1f1c0b9d11';
    expect(redactUrl(`/rooms/check-in/${room}?c=AbCdEfGhIjKl`)).toBe(`/rooms/check-in/${room}?c=[가림]`);
    expect(redactUrl(`/api/rooms/check-in/${room}?c=AbCdEfGhIjKl&x=1`)).toBe(`/api/rooms/check-in/${room}?c=[가림]&x=1`);
    expect(redactUrl(`/login?redirect=%2Frooms%2Fcheck-in%2F${room}&c=AbCd`)).toBe(`/login?redirect=%2Frooms%2Fcheck-in%2F${room}&c=[가림]`);
    expect(redactUrl(`/login?redirect=%2Frooms%2Fcheck-in%2F${room}%3Fc%3DAbCdEfGhIjKl`)).toBe(`/login?redirect=%2Frooms%2Fcheck-in%2F${room}%3Fc%3D[가림]`);
    expect(redactUrl(`/login?redirect=%2Fx%3Fc%3DAbCd%26y%3D1&z=2`)).toBe('/login?redirect=%2Fx%3Fc%3D[가림]%26y%3D1&z=2');
    // The managers' routes name a display by its id, which is no secret; other parameters starting with c are kept.
    expect(redactUrl(`/api/seeds/${room}/room-displays/${room}`)).toBe(`/api/seeds/${room}/room-displays/${room}`);
    expect(redactUrl('/api/seeds/x/bookings?cursor=abc&count=5')).toBe('/api/seeds/x/bookings?cursor=abc&count=5');
  });
});
