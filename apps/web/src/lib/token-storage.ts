/** The spec's client storage keys. */
export const STORAGE_KEYS = {
  access: '__access_token',
  refresh: '__refresh_token',
  googleUser: 'google_oauth_user',
  googleSignupTemp: 'google_signup_temp',
  rememberLogin: 'remember_login',
  rememberPreference: 'remember_preference',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
}

export const tokenStorage = {
  getAccess: () => read(STORAGE_KEYS.access),
  getRefresh: () => read(STORAGE_KEYS.refresh),
  set(tokens: { access_token: string; refresh_token?: string | undefined }) {
    write(STORAGE_KEYS.access, tokens.access_token);
    if (tokens.refresh_token) write(STORAGE_KEYS.refresh, tokens.refresh_token);
  },
  /** Logout clears both tokens and the temporary external sign-in data. */
  clear() {
    write(STORAGE_KEYS.access, null);
    write(STORAGE_KEYS.refresh, null);
    write(STORAGE_KEYS.googleUser, null);
    write(STORAGE_KEYS.googleSignupTemp, null);
  },
  read,
  write,
};
