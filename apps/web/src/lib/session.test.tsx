import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session';
import { tokenStorage } from './token-storage';

const b64 = (o: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
const now = () => Math.floor(Date.now() / 1000);
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const access = (exp: number, name = '김민수') => token({ sub: 'u1', email: 'minsu@example.com', full_name: name, sid: 's1', exp });
const refresh = (exp: number) => token({ sub: 'u1', exp });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider>{children}</SessionProvider>;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SessionProvider', () => {
  it('starts signed in from a valid stored access token, without a network call', () => {
    tokenStorage.set({ access_token: access(now() + 3600), refresh_token: refresh(now() + 86400) });
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toMatchObject({ isAuthenticated: true, isLoading: false, user: { id: 'u1', full_name: '김민수' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with an expired access token and a valid refresh token: loading, then signed in with the refreshed token', async () => {
    tokenStorage.set({ access_token: access(now() - 10), refresh_token: refresh(now() + 86400) });
    const fresh = access(now() + 3600, '이영희');
    fetchMock.mockResolvedValueOnce(json(200, { success: true, tokens: { access_token: fresh, refresh_token: refresh(now() + 86400) } }));
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toMatchObject({ isAuthenticated: false, isLoading: true });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user?.full_name).toBe('이영희');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/refresh-token');
  });

  it('is signed out at once without a usable refresh token', () => {
    tokenStorage.set({ access_token: access(now() - 10), refresh_token: 'not-a-jwt' });
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
  });

  it('logout clears the tokens and tells the server which refresh token to revoke', async () => {
    const r = refresh(now() + 86400);
    const a = access(now() + 3600);
    tokenStorage.set({ access_token: a, refresh_token: r });
    fetchMock.mockResolvedValue(json(200, { success: true }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await act(() => result.current.logout());
    expect(result.current.isAuthenticated).toBe(false);
    expect(tokenStorage.getAccess()).toBeNull();
    expect(tokenStorage.getRefresh()).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${a}`);
    expect(JSON.parse(String(init.body))).toEqual({ refresh_token: r });
  });

  it('acceptTokens refuses a token without the required claims and stays signed out', () => {
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(() => act(() => void result.current.acceptTokens({ access_token: token({ sub: 'u1', exp: now() + 3600 }), refresh_token: 'x' }))).toThrow(
      '필수 사용자 정보가 토큰에 없습니다',
    );
    expect(result.current.isAuthenticated).toBe(false);
    expect(tokenStorage.getAccess()).toBeNull();
  });
});
