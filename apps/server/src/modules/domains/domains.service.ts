/**
 * Custom domains (issue 33): host names a seed attaches for its data API, its public help centre and chatbot, or its
 * mail sender domain. This file is the module's public surface: other modules (host routing, the mailer's sender
 * resolver, the chatbot's allowed origins) read connected domains only through the functions below.
 */
import type { TTx } from '../../db/client.ts';
import { decryptSecret } from '../../lib/secret-box.ts';
import type { TDomainPurpose } from '@suite/shared/schemas/domains';
import * as repo from './domains.repository.ts';

export type TConnectedHost = { seedId: string; purpose: TDomainPurpose; domainId: string };

/**
 * The seed and purpose a host is connected for, or null (unknown, pending, error). One indexed read (the partial
 * unique index on connected hosts); callers on the request path cache it. `host` must already be lower-case without
 * port or trailing dot.
 */
export async function connectedHost(db: TTx, host: string): Promise<TConnectedHost | null> {
  const row = await repo.findConnectedByHost(db, host);
  if (!row) return null;
  return { seedId: row.seedId, purpose: row.purpose as TDomainPurpose, domainId: row.id };
}

export type TMailSender = { domain: string; selector: string; privateKeyPem: string };

/**
 * The seed's connected mail sender domain with its DKIM selector and private key (PKCS#8 PEM, unsealed with
 * ENCRYPTION_KEY), or null when the seed has none connected. With several, the first one verified wins.
 */
export async function mailSenderOf(db: TTx, seedId: string, encryptionKey: Buffer): Promise<TMailSender | null> {
  const rows = await repo.listConnected(db, seedId, 'mail');
  for (const row of rows) {
    if (!row.dkimSelector || !row.dkimPrivateKeySealed) continue;
    try {
      return { domain: row.host, selector: row.dkimSelector, privateKeyPem: decryptSecret(encryptionKey, row.dkimPrivateKeySealed) };
    } catch {
      // Sealed with another ENCRYPTION_KEY: this row cannot sign; try the next one.
    }
  }
  return null;
}

/** `https://<host>` of the seed's connected help hosts (allowed origins of its chatbots). */
export async function connectedHelpOrigins(db: TTx, seedId: string): Promise<string[]> {
  const rows = await repo.listConnected(db, seedId, 'help');
  return rows.map((r) => `https://${r.host}`);
}
