import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';

/**
 * Spends the mailed unlock link (issue 27 item 16). The answer sets this browser's device cookie for the account
 * (HttpOnly, sent only to the sign-in endpoint), so this browser signs in past the lock strangers caused.
 */
export const unlockLogin = (token: string) =>
  api<TMessageResponse>('/api/auth/unlock-login', { method: 'POST', body: { token }, auth: false, retryOn401: false });
