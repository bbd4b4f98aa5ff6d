import { startAuthentication } from '@simplewebauthn/browser';
import type { TAuthResponse, TWebAuthnOptionsResponse } from '@suite/shared';
import { api } from '@/lib/api';

type TOptionsJSON = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Second step with a TOTP or recovery code. */
export const completeWithCode = (mfaToken: string, code: string) =>
  api<TAuthResponse>('/api/auth/second-factor', { method: 'POST', body: { mfaToken, code }, auth: false, retryOn401: false });

/** Second step with a passkey of this account. */
export async function completeWithPasskey(mfaToken: string): Promise<TAuthResponse> {
  const o = await api<TWebAuthnOptionsResponse>('/api/auth/second-factor/passkey-options', {
    method: 'POST',
    body: { mfaToken },
    auth: false,
    retryOn401: false,
  });
  const passkey = await startAuthentication({ optionsJSON: o.options as unknown as TOptionsJSON });
  return api<TAuthResponse>('/api/auth/second-factor', { method: 'POST', body: { mfaToken, flowToken: o.flowToken, passkey }, auth: false, retryOn401: false });
}

/** Passwordless: any passkey of an account on this device. */
export async function signInWithPasskey(): Promise<TAuthResponse> {
  const o = await api<TWebAuthnOptionsResponse>('/api/auth/passkey/options', { method: 'POST', body: {}, auth: false, retryOn401: false });
  const response = await startAuthentication({ optionsJSON: o.options as unknown as TOptionsJSON });
  return api<TAuthResponse>('/api/auth/passkey/verify', { method: 'POST', body: { flowToken: o.flowToken, response }, auth: false, retryOn401: false });
}
