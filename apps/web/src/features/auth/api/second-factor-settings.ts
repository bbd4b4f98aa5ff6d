import { queryOptions, useQuery } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import type { TCountResponse, TRecoveryCodesResponse, TSecondFactorStatus, TTotpSetupResponse, TWebAuthnOptionsResponse } from '@suite/shared';
import { api } from '@/lib/api';

type TMessage = { success: true; message: string };

export const secondFactorQuery = () => queryOptions({ queryKey: ['me', 'second-factor'], queryFn: () => api<TSecondFactorStatus>('/api/me/second-factor') });
export const useSecondFactor = () => useQuery(secondFactorQuery());

export const startTotp = () => api<TTotpSetupResponse>('/api/me/second-factor/totp', { method: 'POST' });
export const confirmTotp = (code: string) => api<TRecoveryCodesResponse>('/api/me/second-factor/totp/confirm', { method: 'POST', body: { code } });
export const removeTotp = (password: string) => api<TMessage>('/api/me/second-factor/totp/remove', { method: 'POST', body: { password } });

export async function addPasskey(name: string): Promise<TMessage> {
  const o = await api<TWebAuthnOptionsResponse>('/api/me/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON: o.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return api<TMessage>('/api/me/passkeys', { method: 'POST', body: { flowToken: o.flowToken, response, name } });
}
export const removePasskey = (id: string) => api<TMessage>(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Ends every other session after asking for the password (or a second-factor code) again. */
export const endOtherSessions = (password: string) => api<TCountResponse>('/api/me/sessions/end-others', { method: 'POST', body: { password } });
