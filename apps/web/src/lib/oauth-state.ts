/**
 * One-time state of an OAuth flow this browser started (issue 11 item 3). Tokens that come back in the address
 * (`/login?access_token=…&refresh_token=…&state=…`) are accepted only when `state` matches the value kept here in
 * sessionStorage when the flow began; the value is removed on first use, so a link crafted by someone else (no
 * state, or another browser's state) never signs this browser in.
 *
 *   const state = beginOAuthFlow();          // before sending the browser to the provider; pass `state` through
 *   if (consumeOAuthState(params.get('state'))) …accept the tokens…
 */
const KEY = 'oauth_flow_state';

export function beginOAuthFlow(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStorage.setItem(KEY, state);
  } catch {
    // Storage unavailable: the flow cannot be completed in this browser, and returned tokens will be refused.
  }
  return state;
}

/** True only for the state this browser stored; the stored state is removed whatever the answer. */
export function consumeOAuthState(state: string | null | undefined): boolean {
  let expected: string | null;
  try {
    expected = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return false;
  }
  if (!expected || !state || expected.length !== state.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ state.charCodeAt(i);
  return diff === 0;
}
