import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { beginOAuthFlow } from '@/lib/oauth-state';
import { ProviderCallbackPage } from './provider-callback-page';

const renderAt = (url: string) =>
  renderRoutes([{ path: '/auth/callback/:provider', element: <ProviderCallbackPage /> }], url, { queries: 'pending', setLocation: true });

describe('ProviderCallbackPage (Kakao/Naver return)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('refuses a code whose state this browser did not store, without asking the server, and cleans the address', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    beginOAuthFlow();
    renderAt(`/auth/callback/kakao?code=stolen&state=${'0'.repeat(48)}`);
    expect(await screen.findAllByText(ko.auth.server.oauthStateInvalid)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('posts code and state of its own flow to the server once', async () => {
    const state = beginOAuthFlow();
    const fetchSpy = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, linkRequired: true, message: '연결 확인 필요' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderAt(`/auth/callback/naver?code=abc&state=${state}`);
    expect(await screen.findByText('연결 확인 필요')).toBeTruthy();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/auth/oauth/naver/callback');
    expect(JSON.parse(String(init.body))).toEqual({ state, code: 'abc' });
  });
});
