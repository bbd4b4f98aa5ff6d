import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRaw, NETWORK_ERROR } from './api';
import { tokenStorage } from './token-storage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

describe('apiRaw (the one fetch of the web app)', () => {
  it('refreshes once on a 401 and retries with the new token; the raw body is left unread', async () => {
    tokenStorage.set({ access_token: 'old', refresh_token: 'r1' });
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/refresh-token') return json(200, { success: true, tokens: { access_token: 'new', refresh_token: 'r2' } });
        const auth = (init.headers as Record<string, string>).authorization!;
        seen.push(auth);
        return auth === 'Bearer new' ? new Response('BEGIN:VCALENDAR', { status: 200 }) : json(401, { error: '만료', code: 'UNAUTHORIZED' });
      }),
    );
    const res = await apiRaw('/api/x.ics', { headers: { accept: 'text/calendar' } });
    expect(await res.text()).toBe('BEGIN:VCALENDAR');
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it("turns a refusal into ApiError with the server's Korean message, and a network failure into NETWORK_ERROR", async () => {
    tokenStorage.set({ access_token: 'a', refresh_token: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { error: '이미 예약이 있습니다.', code: 'CONFLICT' })),
    );
    await expect(api('/api/y', { method: 'POST', body: { a: 1 } })).rejects.toMatchObject({ status: 409, code: 'CONFLICT', message: '이미 예약이 있습니다.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('failed');
      }),
    );
    const err = await apiRaw('/api/z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(NETWORK_ERROR);
  });
});
