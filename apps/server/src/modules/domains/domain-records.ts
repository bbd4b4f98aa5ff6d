/**
 * The DNS records a customer adds for a domain (issue 33), built from the row and the configuration, and the secrets
 * created with a row: the ownership token and, for mail, the DKIM key pair.
 *
 * - ownership: TXT `_company-tools.<host>` = `company-tools-verify=<token>` (32 random bytes, base64url; one per row:
 *   a removed row's token dies with it, and another seed's row has its own).
 * - routing (data-api, help): CNAME `<host>` → CUSTOM_DOMAIN_TARGET; for a registrable (apex) name, which cannot
 *   hold a CNAME, A `<host>` → CUSTOM_DOMAIN_IP when it is set.
 * - mail: SPF, DKIM and DMARC. SPF authorises the host that really relays the suite's mail — the SMTP_URL host when
 *   one is configured (that is where receivers see the connection come from), else the CNAME target — plus
 *   CUSTOM_DOMAIN_IP when set; `~all` (soft fail) so a customer's other senders keep working while they merge this
 *   into the one SPF record a name may have. DKIM: RSA 2048, selector `ct<yyyymm>` (a new key gets a new selector, so
 *   rotating never breaks mail in flight). DMARC starts at `p=none` (report only, nothing rejected) with strict DKIM
 *   alignment (the suite signs as the host itself); no `rua`, since reports to an address outside the domain need
 *   the receiver's consent record — the owner adds their own `rua=mailto:` and tightens `p` once mail passes.
 */
import { isIP } from 'node:net';
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { TDomainPurpose, TDomainRecord } from '@suite/shared/schemas/domains';
import { isApex } from './domain-name.ts';

export const OWNERSHIP_PREFIX = '_company-tools';
export const OWNERSHIP_VALUE = 'company-tools-verify=';

export type TRecordConfig = { target: string; ip: string | undefined; spfHost: string };

export type TRecordSource = {
  host: string;
  purpose: TDomainPurpose | (string & {});
  token: string;
  dkimSelector: string | null;
  dkimPublicKey: string | null;
};

export const newToken = (): string => randomBytes(32).toString('base64url');

/** A DKIM key pair: the public key as published (base64 of the DER SubjectPublicKeyInfo) and the private PKCS#8 PEM. */
const makeKeyPair = promisify(generateKeyPair);

/** An RSA-2048 pair for DKIM, made on libuv's thread pool (tens of milliseconds of CPU that must not block requests). */
export async function newDkimKey(now: Date): Promise<{ selector: string; publicKey: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await makeKeyPair('rsa', { modulusLength: 2048 });
  const selector = `ct${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return {
    selector,
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export const ownershipName = (host: string) => `${OWNERSHIP_PREFIX}.${host}`;
export const ownershipValue = (token: string) => `${OWNERSHIP_VALUE}${token}`;
export const dkimName = (selector: string, host: string) => `${selector}._domainkey.${host}`;
export const dkimValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const dmarcName = (host: string) => `_dmarc.${host}`;
export const DMARC_VALUE = 'v=DMARC1; p=none; adkim=s; aspf=r';

export function spfValue(cfg: TRecordConfig): string {
  // `a:` takes a domain name; a relay given by address is authorised by `ip4:`/`ip6:`.
  const relay = isIP(cfg.spfHost) === 4 ? `ip4:${cfg.spfHost}` : isIP(cfg.spfHost) === 6 ? `ip6:${cfg.spfHost}` : `a:${cfg.spfHost}`;
  const mechanisms = [...new Set([cfg.ip ? `ip4:${cfg.ip}` : null, relay].filter(Boolean))];
  return `v=spf1 ${mechanisms.join(' ')} ~all`;
}

/**
 * The routing record offered: A for an apex name when an IP is configured, else CNAME — and A when the target itself
 * is an address (APP_URL on an IP in development), since a CNAME must name a host.
 */
export function routingRecord(host: string, cfg: TRecordConfig): TDomainRecord {
  if (cfg.ip && isApex(host)) return { type: 'A', name: host, value: cfg.ip, role: 'routing' };
  if (isIP(cfg.target)) return { type: 'A', name: host, value: cfg.target, role: 'routing' };
  return { type: 'CNAME', name: host, value: cfg.target, role: 'routing' };
}

/** Every record to add for the row, in the order the page shows them (ownership first). */
export function recordsOf(row: TRecordSource, cfg: TRecordConfig): TDomainRecord[] {
  const out: TDomainRecord[] = [{ type: 'TXT', name: ownershipName(row.host), value: ownershipValue(row.token), role: 'ownership' }];
  if (row.purpose !== 'mail') return [...out, routingRecord(row.host, cfg)];
  out.push({ type: 'TXT', name: row.host, value: spfValue(cfg), role: 'spf' });
  if (row.dkimSelector && row.dkimPublicKey) {
    out.push({ type: 'TXT', name: dkimName(row.dkimSelector, row.host), value: dkimValue(row.dkimPublicKey), role: 'dkim' });
  }
  out.push({ type: 'TXT', name: dmarcName(row.host), value: DMARC_VALUE, role: 'dmarc' });
  return out;
}
