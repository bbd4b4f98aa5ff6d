/**
 * GET/PATCH /api/me/consents. The consents themselves live in the account system (its consents table and
 * users.marketing_consent); the rules of the optional ones (night-time needs marketing, withdrawing marketing withdraws
 * night-time, a mail after each change) are in auth's marketing-consents.service.ts, which the profile PATCH shares.
 */
import { ZConsentKind, type TConsents, type TConsentsPatch } from '@suite/shared';
import type { TRequestMeta } from '../auth/auth.service.ts';
import { changeMarketingConsents, consentHistory } from '../auth/marketing-consents.service.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';

/** Stored kind → the API's kind (the table keeps snake_case). */
const apiKind = (kind: string) => (kind === 'marketing_night' ? 'marketingNight' : kind);

export async function getConsents(deps: TPrivacyDeps, userId: string): Promise<TConsents> {
  const rows = await consentHistory(deps.auth, userId);
  const history = rows.map((r) => ({ kind: apiKind(r.kind), granted: r.granted, at: r.createdAt.toISOString(), version: r.termsVersion }));
  const data = ZConsentKind.options.map((kind) => {
    const latest = history.find((h) => h.kind === kind);
    return { kind, granted: latest?.granted ?? false, at: latest?.at ?? null, version: latest?.version ?? null };
  });
  return { data, history };
}

export async function patchConsents(deps: TPrivacyDeps, userId: string, patch: TConsentsPatch, meta: TRequestMeta): Promise<TConsents> {
  await changeMarketingConsents(deps.auth, userId, { marketing: patch.marketing, marketingNight: patch.marketingNight }, meta);
  return getConsents(deps, userId);
}
