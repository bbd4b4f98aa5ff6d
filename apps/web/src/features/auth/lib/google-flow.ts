import { STORAGE_KEYS, tokenStorage } from '@/lib/token-storage';
import { googleProfile } from '@/features/auth/lib/google-identity';

/** Key of the Google ID token handed from the login button to /auth/callback (session storage, never the URL). */
const CREDENTIAL_KEY = 'google_oauth_credential';

/** Login button → callback page: keep the Google user (email, full_name) and the credential for one hop. */
export function startGoogleCallback(credential: string): boolean {
  const profile = googleProfile(credential);
  if (!profile) return false;
  tokenStorage.write(STORAGE_KEYS.googleUser, JSON.stringify(profile));
  try {
    sessionStorage.setItem(CREDENTIAL_KEY, credential);
  } catch {
    return false;
  }
  return true;
}

export function takeGoogleCredential(): string | null {
  try {
    const c = sessionStorage.getItem(CREDENTIAL_KEY);
    sessionStorage.removeItem(CREDENTIAL_KEY);
    return c;
  } catch {
    return null;
  }
}

export function storedGoogleUser(): { email: string; full_name: string } | null {
  try {
    const raw = tokenStorage.read(STORAGE_KEYS.googleUser);
    return raw ? (JSON.parse(raw) as { email: string; full_name: string }) : null;
  } catch {
    return null;
  }
}

export type TGoogleSignupTemp = { googleToken: string; email: string; full_name: string };

export function saveSignupTemp(temp: TGoogleSignupTemp) {
  tokenStorage.write(STORAGE_KEYS.googleSignupTemp, JSON.stringify(temp));
}

export function readSignupTemp(): TGoogleSignupTemp | null {
  try {
    const raw = tokenStorage.read(STORAGE_KEYS.googleSignupTemp);
    return raw ? (JSON.parse(raw) as TGoogleSignupTemp) : null;
  } catch {
    return null;
  }
}

export function clearGoogleTemp() {
  tokenStorage.write(STORAGE_KEYS.googleUser, null);
  tokenStorage.write(STORAGE_KEYS.googleSignupTemp, null);
}
