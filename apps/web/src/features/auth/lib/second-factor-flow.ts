/** The first step's mfaToken, handed to /login/second-factor through session storage (never the URL). */
const KEY = 'second_factor_pending';

export type TPendingSignIn = { mfaToken: string; methods: string[]; target: string };

export function savePendingSignIn(p: TPendingSignIn): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // storage unavailable: the second step cannot continue, the user signs in again
  }
}

export function readPendingSignIn(): TPendingSignIn | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TPendingSignIn) : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
