import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, onTokensChanged, refreshTokens } from './api';
import { tokenStorage } from './token-storage';

const jwt = (exp: number) => `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ sub: 'u1', exp })).replace(/=+$/, '')}.sig`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refreshed = (access: string, refresh: string) => json(200, { success: true, tokens: { access_token: access, refresh_token: refresh } });
const bearerOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.authorization;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('api(): refresh on 401', () => {
  it('refreshes once for concurrent 401s and retries each call with the new bearer', async () => {
    tokenStorage.set({ access_token: 'old-access', refresh_token: 'r1' });
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh-token') {
        expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: 'r1' });
        return refreshed('new-access', 'r2');
      }
      return bearerOf(init) === 'Bearer new-access' ? json(200, { ok: url }) : json(401, { error: '만료', code: 'TOKEN_EXPIRED' });
    });
    const [a, b] = await Promise.all([api<{ ok: string }>('/api/a'), api<{ ok: string }>('/api/b')]);
    expect([a.ok, b.ok]).toEqual(['/api/a', '/api/b']);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/refresh-token')).toHaveLength(1);
    expect(tokenStorage.getRefresh()).toBe('r2');
  });

  it('a refused refresh ends the session (tokens cleared, listeners told null); a network failure keeps it', async () => {
    const seen: unknown[] = [];
    const off = onTokensChanged((t) => seen.push(t));
    tokenStorage.set({ access_token: 'a', refresh_token: 'r1' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(refreshTokens()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(tokenStorage.getRefresh()).toBe('r1');
    fetchMock.mockResolvedValueOnce(json(401, { error: '만료된 토큰', code: 'INVALID_REFRESH' }));
    const err = await refreshTokens().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    await vi.waitFor(() => expect(seen).toEqual([null]));
    expect(tokenStorage.getRefresh()).toBeNull();
    expect(tokenStorage.getAccess()).toBeNull();
    off();
  });

  it('does not retry or refresh when the call opts out (login) and sends no bearer without auth', async () => {
    tokenStorage.set({ access_token: 'a', refresh_token: 'r1' });
    fetchMock.mockResolvedValue(json(401, { error: '이메일 또는 비밀번호가 올바르지 않습니다.', code: 'INVALID_CREDENTIALS' }));
    await expect(api('/api/auth-login', { method: 'POST', body: {}, auth: false, retryOn401: false })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: '이메일 또는 비밀번호가 올바르지 않습니다.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bearerOf(fetchMock.mock.calls[0]![1])).toBeUndefined();
  });
});

describe('refreshTokens(): cross-tab lock', () => {
  it('uses the pair another tab stored while this tab waited for the lock, without a second refresh', async () => {
    tokenStorage.set({ access_token: 'a', refresh_token: 'r1' });
    const fresh = jwt(Math.floor(Date.now() / 1000) + 600);
    const request = vi.fn(async (name: string, cb: () => Promise<unknown>) => {
      // The other tab held the lock and rotated the tokens before this tab got it.
      tokenStorage.set({ access_token: fresh, refresh_token: 'r-other-tab' });
      return cb();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    await expect(refreshTokens()).resolves.toEqual({ access_token: fresh, refresh_token: 'r-other-tab' });
    expect(request).toHaveBeenCalledWith('suite-token-refresh', expect.any(Function));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes itself under the lock when nobody else did', async () => {
    tokenStorage.set({ access_token: 'a', refresh_token: 'r1' });
    const request = vi.fn(async (_name: string, cb: () => Promise<unknown>) => cb());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    fetchMock.mockResolvedValueOnce(refreshed('a2', 'r2'));
    await expect(refreshTokens()).resolves.toEqual({ access_token: 'a2', refresh_token: 'r2' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('api(): paths with an empty segment', () => {
  it('refuses /api/seeds//… (a seed id not chosen yet) without sending it', async () => {
    tokenStorage.set({ access_token: 'a', refresh_token: 'r1' });
    for (const path of ['/api/seeds//api-builder/summary', '/api/seeds/', '/api/seeds//rooms?x=1']) {
      await expect(api(path)).rejects.toMatchObject({ status: 400, code: 'EMPTY_PATH_SEGMENT' });
    }
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api('/api/seeds/abc/rooms?next=a//b')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
