import { afterEach, describe, expect, it } from 'vitest';
import { safeRedirect, sameOriginPath } from './redirect';
import { beginOAuthFlow, consumeOAuthState } from './oauth-state';

const origin = window.location.origin;

describe('safeRedirect (one rule for every redirect/next parameter)', () => {
  it.each([
    ['/dashboard?x=1#h', '/dashboard?x=1#h'],
    ['/\t/evil.example/x', '/'],
    ['/%09/evil.example/x', '/%09/evil.example/x'],
    ['/\n/evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\/evil.example', '/'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    [' /x', '/'],
    ['/x\u0000', '/'],
    ['', '/'],
    [null, '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirect(input, '/', origin)).toBe(expected);
  });

  it('a followed target always stays on the app’s origin', () => {
    for (const t of ['/a', '/../b', '/./c?d=//e.example', '/%2F%2Fevil.example']) {
      const path = sameOriginPath(t, origin);
      expect(path).not.toBeNull();
      expect(new URL(path!, origin).origin).toBe(origin);
    }
  });
});

describe('OAuth one-time state', () => {
  afterEach(() => sessionStorage.clear());

  it('accepts only the state this browser stored, once', () => {
    const state = beginOAuthFlow();
    expect(state).toMatch(/^[0-9a-f]{48}$/);
    expect(consumeOAuthState(state)).toBe(true);
    expect(consumeOAuthState(state)).toBe(false);
  });

  it('refuses a missing or foreign state, and forgets the stored one', () => {
    expect(consumeOAuthState(null)).toBe(false);
    const state = beginOAuthFlow();
    expect(consumeOAuthState('0'.repeat(48))).toBe(false);
    expect(consumeOAuthState(state)).toBe(false);
  });
});
