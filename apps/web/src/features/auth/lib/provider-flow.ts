import type { TAuthResponse, TOAuthProvider, TOAuthStartResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { beginOAuthFlow } from '@/lib/oauth-state';

/**
 * Kakao / Naver sign-in in the browser. The state comes from beginOAuthFlow() (kept in sessionStorage), the server
 * answers with the provider's authorize address (PKCE stays on the server); the callback page accepts only that state.
 * What the consent step needs (a single-use sign-up token) is kept in sessionStorage, never in an address.
 */
export async function startProviderSignIn(provider: TOAuthProvider): Promise<void> {
  const state = beginOAuthFlow();
  const res = await api<TOAuthStartResponse>(`/api/auth/oauth/${provider}/start`, {
    method: 'POST',
    auth: false,
    retryOn401: false,
    body: { state },
  });
  window.location.assign(res.authorizeUrl);
}

export function finishProviderSignIn(provider: TOAuthProvider, state: string, code: string): Promise<TAuthResponse> {
  return api<TAuthResponse>(`/api/auth/oauth/${provider}/callback`, { method: 'POST', auth: false, retryOn401: false, body: { state, code } });
}

export type TProviderSignup = { provider: TOAuthProvider; signupToken: string; email: string; full_name: string; emailRequired: boolean };
const KEY = 'oauth_provider_signup';

export function saveProviderSignup(p: TProviderSignup): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // Without storage the consent step says the sign-in must start again.
  }
}

export function readProviderSignup(): TProviderSignup | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TProviderSignup) : null;
  } catch {
    return null;
  }
}

export function clearProviderSignup(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
