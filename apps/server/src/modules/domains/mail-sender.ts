/**
 * The mail sender of a seed (issue 33): a seed with a connected mail domain sends its customers' mail as
 * `"<seed name>" <{local part of MAIL_FROM}@{domain}>`, DKIM-signed with the key published for that domain. The
 * mailer (adapters/mailer.ts) asks this resolver for every mail that carries a `seedId`; null keeps MAIL_FROM.
 */
import type { TMailSender } from '../../adapters/mailer.ts';
import type { TDb } from '../../db/client.ts';
import { seedNames } from '../seeds/seeds.service.ts';

/** What the domains service gives for a seed's connected mail domain (`mailSenderOf`). */
export type TSeedMailDomain = { domain: string; selector: string; privateKeyPem: string };

export type TMailSenderDeps = {
  db: TDb;
  /** MAIL_FROM: `address` or `"Name" <address>`. */
  mailFrom: string;
  /** domains.service.ts `mailSenderOf` with the app's ENCRYPTION_KEY bound. */
  mailDomainOf: (seedId: string) => Promise<TSeedMailDomain | null>;
  /** Told when a lookup fails (the mail then goes from MAIL_FROM, unsigned). */
  onError?: (err: unknown, seedId: string) => void;
};

/** The local part of MAIL_FROM's address (`no-reply` of `"컴퍼니 툴즈" <no-reply@example.com>`). */
export function localPartOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const at = address.trim().lastIndexOf('@');
  return (at < 0 ? address : address.slice(0, at)).trim() || 'no-reply';
}

export function createMailSenderResolver(deps: TMailSenderDeps): (seedId: string) => Promise<TMailSender | null> {
  const local = localPartOf(deps.mailFrom);
  return async (seedId) => {
    try {
      const domain = await deps.mailDomainOf(seedId);
      if (!domain) return null;
      const name = (await seedNames(deps.db, [seedId])).get(seedId) ?? '';
      return {
        from: { name, address: `${local}@${domain.domain}` },
        dkim: { domainName: domain.domain, keySelector: domain.selector, privateKey: domain.privateKeyPem },
      };
    } catch (err) {
      deps.onError?.(err, seedId);
      return null;
    }
  };
}
