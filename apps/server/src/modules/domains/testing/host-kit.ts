/**
 * Host-routing and mail-sender test kit (issue 33): connected `seed_domains` rows written directly (the DNS checks are
 * domains-dns.test.ts's business), a DKIM key pair sealed as the domains service seals it, raw HTTP with any Host
 * header, and the smallest SMTP server nodemailer talks to.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
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

/** The smallest SMTP server nodemailer will talk to, on loopback: records envelopes and data (as in mailer.test.ts). */
export async function fakeSmtp() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') {
          mail.from = line;
          socket.write('250 OK\r\n');
        } else if (cmd === 'RCPT') {
          mail.to.push(line);
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
