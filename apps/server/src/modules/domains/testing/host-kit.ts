/**
 * Host-routing and mail-sender test kit (issue 33): connected `seed_domains` rows written directly (the DNS checks are
 * domains-dns.test.ts's business), a DKIM key pair sealed as the domains service seals it, raw HTTP with any Host
 * header, and the smallest SMTP server nodemailer talks to.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { seedDomains } from '../../../db/schema-domains.ts';
import { encryptSecret } from '../../../lib/secret-box.ts';
import type { TTestContext } from '../../../test/helpers.ts';

type TStatus = 'pending' | 'connected' | 'error';

/** A `seed_domains` row for `seedId` in `status` (connected by default), with a DKIM key pair for mail. */
export async function addDomain(
  t: TTestContext,
  seedId: string,
  host: string,
  purpose: 'data-api' | 'help' | 'mail',
  status: TStatus = 'connected',
): Promise<{ id: string; publicKeyBase64: string | null; selector: string | null }> {
  let dkim: { selector: string; publicKeyBase64: string; sealed: string } | null = null;
  if (purpose === 'mail') {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    dkim = {
      selector: 'ct202611',
      publicKeyBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      sealed: encryptSecret(t.config.encryptionKey, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    };
  }
  const [row] = await t.database.db
    .insert(seedDomains)
    .values({
      seedId,
      host,
      purpose,
      status,
      token: randomBytes(32).toString('base64url'),
      dkimSelector: dkim?.selector ?? null,
      dkimPublicKey: dkim?.publicKeyBase64 ?? null,
      dkimPrivateKeySealed: dkim?.sealed ?? null,
      verifiedAt: status === 'connected' ? new Date() : null,
    })
    .returning({ id: seedDomains.id });
  return { id: row!.id, publicKeyBase64: dkim?.publicKeyBase64 ?? null, selector: dkim?.selector ?? null };
}

export type TRawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request over real HTTP with the given Host header (fetch will not send one of its own choosing). */
export function rawRequest(origin: string, path: string, opts: { host: string; method?: string; headers?: Record<string, string> }): Promise<TRawAnswer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: url.hostname, port: url.port, path, method: opts.method ?? 'GET', headers: { ...opts.headers, host: opts.host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
