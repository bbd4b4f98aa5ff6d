/** Helpers for the seed tests (not a test file itself). */
import type { TTestContext } from '../../../test/helpers.ts';
import { minutePassed, outbox, tokenOf } from '../../auth/testing/auth-test-kit.ts';
import { api } from '../../admin-users/testing/console-test-kit.ts';

/** Invites an address to a seed and returns the token of the newest invitation mail. */
export async function inviteAndGetToken(t: TTestContext, inviterToken: string, seedId: string, email: string, role: 'admin' | 'member') {
  await minutePassed(t, email);
  const res = await api(t, inviterToken)('POST', `/api/seeds/${seedId}/invitations`, { email, role });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mails = await outbox(t, email.toLowerCase());
  const link = mails.map((m) => m.links.find((l) => l.includes('/invite/seed?token='))).find(Boolean);
  if (!link) throw new Error('no invitation mail');
  return tokenOf(link);
}
