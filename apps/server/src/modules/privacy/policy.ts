/**
 * The 개인정보 처리방침, generated (issue 32): from the data map (every personal column's category, purpose, basis,
 * readers and retention), the outside services that receive data (recipients.ts), what the web app stores in the
 * browser (policy-browser-storage.ts), the operator (COMPANY_*) and the privacy officer (PRIVACY_OFFICER_*). The text
 * is therefore what the code does; policy-versions.ts records the hash of each published version and policy.test.ts
 * fails when the generated text changes without a new version.
 */
import { createHash } from 'node:crypto';
import { ko, type TPolicyArticle, type TPrivacyPolicy } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import { DATA_MAP } from './data-map.ts';
import { RECIPIENTS } from './recipients.ts';
import * as a from './policy-articles.ts';
import * as b from './policy-articles-rights.ts';
import { currentPolicyVersion, POLICY_VERSIONS } from './policy-versions.ts';

const t = ko.privacy.policy;

/** Everything but the version history: the part a version's hash covers. */
function body(sources: a.TPolicySources): { intro: string; articles: TPolicyArticle[] } {
  const operator = sources.parties.company.name ?? t.operatorFallback(ko.common.appName);
  return {
    intro: t.intro(operator),
    articles: [
      a.purposes(sources),
      a.items(sources),
      a.retention(sources),
      a.thirdParty(sources),
      a.processors(sources),
      a.abroad(sources),
      a.destruction(sources),
      b.rights(),
      b.children(),
      b.devices(),
      b.safety(sources),
      b.officer(sources),
      b.remedies(),
    ],
  };
}

/** The parties as this server is configured. */
export function configuredParties(config: TConfig): a.TPolicyParties {
  return { company: config.company, officer: config.privacyOfficer, inUse: (r) => r.configured(config) };
}

/** No operator, no officer, no configured service: the text every deployment shares. */
export const NEUTRAL_PARTIES: a.TPolicyParties = { company: {}, officer: { name: undefined, email: undefined }, inUse: null };

/** The content hash of the generated policy without the operator's details (what a version records). */
export function policyHash(sources: Omit<a.TPolicySources, 'parties'> = { map: DATA_MAP, recipients: RECIPIENTS }): string {
  const text = JSON.stringify(body({ ...sources, parties: NEUTRAL_PARTIES }));
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The whole policy as GET /api/privacy/policy answers it. */
export function generatePolicy(config: TConfig, sources: Omit<a.TPolicySources, 'parties'> = { map: DATA_MAP, recipients: RECIPIENTS }): TPrivacyPolicy {
  const current = currentPolicyVersion();
  const { intro, articles } = body({ ...sources, parties: configuredParties(config) });
  const c = config.company;
  return {
    version: current.version,
    effective: current.effective,
    intro,
    articles: [...articles, b.changes(POLICY_VERSIONS)],
    closing: [t.closingTitle, t.closing(t.date(current.effective))],
    history: POLICY_VERSIONS.map((v) => ({ version: v.version, effective: v.effective, summary: v.summary })),
    operator: {
      name: c.name ?? null,
      representative: c.representative ?? null,
      businessNumber: c.businessNumber ?? null,
      mailOrderNumber: c.mailOrderNumber ?? null,
      address: c.address ?? null,
      email: c.email ?? null,
      phone: c.phone ?? null,
    },
    officer: { name: config.privacyOfficer.name ?? null, email: config.privacyOfficer.email ?? null },
  };
}
