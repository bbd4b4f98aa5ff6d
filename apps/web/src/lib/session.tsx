import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TAuthResponse, TTokens } from '@suite/shared';
import { api, ApiError, onTokensChanged, refreshTokens } from '@/lib/api';
import { secondsToExpiry, sidOf, userFromToken, type TSessionUser } from '@/lib/jwt';
import { STORAGE_KEYS, tokenStorage } from '@/lib/token-storage';

export type { TSessionUser } from '@/lib/jwt';

/** Spec section 4: the session's fields and actions. */
export type TSession = {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: TSessionUser | null;
  accessToken: string | null;
  /** Stores a token pair the server issued and authenticates with it. */
  acceptTokens: (tokens: TTokens) => TSessionUser;
  login: (email: string, password: string) => Promise<TAuthResponse>;
  logout: () => Promise<void>;
  /** Gets fresh claims from the server (after a profile change). */
  reload: () => Promise<void>;
};

type TState = Pick<TSession, 'isAuthenticated' | 'isLoading' | 'user' | 'accessToken'>;

const SessionContext = createContext<TSession | null>(null);
const AUTH_CHANNEL = 'auth-change';
/** Paths where start-up does not try a refresh (spec section 4). */
const NO_REFRESH_PATHS = ['/login', '/signup', '/forgot-password', '/auth/callback'];
/** Proactive refresh this many seconds before the access token expires. */
const REFRESH_AHEAD_S = 300;

const signedOut: TState = { isAuthenticated: false, isLoading: false, user: null, accessToken: null };

function stateFromToken(token: string | null): TState | null {
  const left = secondsToExpiry(token);
  const user = userFromToken(token);
  return token && user && left !== null && left > 0 ? { isAuthenticated: true, isLoading: false, user, accessToken: token } : null;
}

/** A stored refresh token is valid only with three parts and an expiry in the future. */
function hasValidRefresh(): boolean {
  const r = tokenStorage.getRefresh();
  return Boolean(r && r.split('.').length === 3 && (secondsToExpiry(r) ?? -1) > 0);
}

function initialState(): TState {
  const fromToken = stateFromToken(tokenStorage.getAccess());
  if (fromToken) return fromToken;
  const path = typeof location === 'undefined' ? '/' : location.pathname;
  if (NO_REFRESH_PATHS.includes(path) || !hasValidRefresh()) return signedOut;
  return { ...signedOut, isLoading: true };
}

/**
 * New tokens for another session while this browser holds one (a second sign-in): the previous session is ended on
 * the server, so it does not stay alive unseen (issue 19, ASVS 7.2.4). Best effort, not awaited.
 */
function endReplacedSession(nextAccess: string): void {
  const previous = tokenStorage.getAccess();
  const prevSid = sidOf(previous);
  if (!previous || !prevSid || prevSid === sidOf(nextAccess) || (secondsToExpiry(previous) ?? 0) <= 0) return;
  void fetch('/api/logout?scope=local', { method: 'POST', headers: { authorization: `Bearer ${previous}` } }).catch(() => undefined);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<TState>(initialState);
  const channel = useRef<BroadcastChannel | null>(null);

  const apply = useCallback((token: string | null) => {
    setState(stateFromToken(token) ?? signedOut);
  }, []);

  const broadcast = useCallback(() => {
    channel.current?.postMessage({ type: 'auth-change' });
  }, []);

  // Start-up: try the refresh token once when the access token alone was not enough.
  useEffect(() => {
    if (!state.isLoading) return;
    refreshTokens().then(
      (t) => apply(t.access_token),
      () => apply(null),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Refreshes made by the API client (401 retry) and failures reach the session here.
  useEffect(() => onTokensChanged((t) => apply(t ? t.access_token : null)), [apply]);

  // Cross-tab: another tab changed the token, or announced an auth change.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.access || e.key === null) apply(tokenStorage.getAccess());
    };
    window.addEventListener('storage', onStorage);
    const bc = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
    channel.current = bc;
    if (bc) bc.onmessage = () => apply(tokenStorage.getAccess());
    return () => {
      window.removeEventListener('storage', onStorage);
      bc?.close();
      channel.current = null;
    };
  }, [apply]);

  // Proactive refresh 300 s before expiry.
  useEffect(() => {
    if (!state.accessToken) return;
    const left = secondsToExpiry(state.accessToken) ?? 0;
    const delay = Math.max((left - REFRESH_AHEAD_S) * 1000, 0);
    const timer = setTimeout(
      () => {
        refreshTokens().catch(() => undefined);
      },
      Math.min(delay, 2_147_000_000),
    );
    return () => clearTimeout(timer);
  }, [state.accessToken]);

  const acceptTokens = useCallback(
    (tokens: TTokens) => {
      endReplacedSession(tokens.access_token);
      tokenStorage.set(tokens);
      const next = stateFromToken(tokens.access_token);
      if (!next?.user) {
        tokenStorage.clear();
        setState(signedOut);
        throw new ApiError(0, 'BAD_TOKEN', '필수 사용자 정보가 토큰에 없습니다');
      }
      setState(next);
      broadcast();
      return next.user;
    },
    [broadcast],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const res = await api<TAuthResponse>('/api/auth-login', {
          method: 'POST',
          body: { email, password },
          auth: false,
          retryOn401: false,
        });
        // A second factor is due: no session yet, the caller continues with res.mfaToken.
        if (res.mfaRequired) return res;
        if (!res.tokens) throw new ApiError(500, 'NO_TOKEN', '토큰을 받지 못했습니다');
        acceptTokens(res.tokens);
        return res;
      } catch (e) {
        tokenStorage.clear();
        setState(signedOut);
        throw e;
      }
    },
    [acceptTokens],
  );

  const logout = useCallback(async () => {
    const token = tokenStorage.getAccess();
    const refresh = tokenStorage.getRefresh();
    tokenStorage.clear();
    setState(signedOut);
    broadcast();
    if (token) {
      // Best effort: the server revokes the session; failures are ignored (spec section 4).
      await fetch('/api/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(refresh ? { refresh_token: refresh } : {}),
      }).catch(() => undefined);
    }
  }, [broadcast]);

  const reload = useCallback(async () => {
    const t = await refreshTokens();
    apply(t.access_token);
    broadcast();
  }, [apply, broadcast]);

  const value = useMemo<TSession>(() => ({ ...state, acceptTokens, login, logout, reload }), [state, acceptTokens, login, logout, reload]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSession {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession은 SessionProvider 안에서만 사용할 수 있습니다.');
  return ctx;
}
