import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { STORAGE_KEYS } from '@/lib/token-storage';
import { beginOAuthFlow } from '@/lib/oauth-state';
import { LoginPage } from './login-page';
import '@/lib/testing/resize-observer';

/** A JWT-shaped token (the page only decodes it) that expires in an hour. */
function fakeJwt(sub: string) {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256' })}.${b64({ sub, email: 'attacker@example.com', full_name: 'x', role: 'user', iat: now, exp: now + 3600 })}.c2ln`;
}

// The Google button asks /api/auth/config; without a server it simply stays hidden.
const renderAt = (url: string) => renderRoutes([{ path: '/login', element: <LoginPage /> }], url, { queries: 'pending', setLocation: true });

const stored = () => localStorage.getItem(STORAGE_KEYS.access) ?? sessionStorage.getItem(STORAGE_KEYS.access);

describe('LoginPage: tokens in the address', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('refuses tokens this browser did not ask for, and removes them from the address', async () => {
    const a = fakeJwt('attacker');
    renderAt(`/login?access_token=${a}&refresh_token=${a}&redirect=%2F%09%2Fevil.example%2Fx`);
    expect(await screen.findAllByText(ko.authUi.login.oauthNotStarted)).toBeTruthy();
    expect(stored()).toBeNull();
    expect(window.location.search).not.toContain('access_token');
    expect(window.location.search).not.toContain('refresh_token');
  });

  it('refuses a state from another flow', async () => {
    beginOAuthFlow();
    const a = fakeJwt('attacker');
    renderAt(`/login?access_token=${a}&refresh_token=${a}&state=${'0'.repeat(48)}`);
    expect(await screen.findAllByText(ko.authUi.login.oauthNotStarted)).toBeTruthy();
    expect(stored()).toBeNull();
  });

  it('accepts tokens that end a flow this browser started', async () => {
    const state = beginOAuthFlow();
    const a = fakeJwt('me');
    renderAt(`/login?access_token=${a}&refresh_token=${a}&state=${state}`);
    await waitFor(() => expect(stored()).toBe(a));
    expect(screen.queryAllByText(ko.authUi.login.oauthNotStarted)).toHaveLength(0);
    expect(window.location.search).not.toContain('state=');
  });
});
