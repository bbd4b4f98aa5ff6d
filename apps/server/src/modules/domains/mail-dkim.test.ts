/**
 * A seed's own mail sender (issue 33): mail that speaks for a seed with a connected mail domain leaves over SMTP as
 * `"<seed name>" <local part of MAIL_FROM@domain>` with a DKIM signature that mailauth verifies against the published
 * key; a seed without one (or with one only pending) keeps MAIL_FROM and no signature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from 'mailauth';
import { settleAfterResponse } from '../../lib/after-response.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { fakeSmtp } from '../../test-support/fake-smtp.ts';
import { addDomain } from './testing/host-kit.ts';

const DOMAIN = 'mail.shop.example.co.kr';
const MAIL_FROM = '"컴퍼니 툴즈" <no-reply@suite.example>';

/** Header lines unfolded, RFC 2047 words (UTF-8, B or Q) decoded. */
function headerOf(data: string, name: string): string | undefined {
  const head = data.slice(0, data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

describe.each(dbKinds)('mail from a seed’s own domain, DKIM-signed (%s)', (kind) => {
  let t: TTestContext;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let seedA: string;
  let seedB: string;
  let ownerA: string;
  let dkimTxt: string;
  let selector: string;
  const resolver = async (name: string, rr: string) => {
    if (rr === 'TXT' && name === `${selector}._domainkey.${DOMAIN}`) return [[dkimTxt]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  const verify = (data: string) =>
    authenticate(Buffer.from(`${data}\r\n`), {
      resolver,
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'mx.test',
      sender: `no-reply@${DOMAIN}`,
      disableArc: true,
      disableBimi: true,
      disableDmarc: true,
    });
  const sendFor = async (seedId: string | undefined, to: string) => {
    const before = smtp.received.length;
    await t.app.ctx.mailer.send({
      to,
      subject: '[그릇가게] 문의에 답변드립니다',
      text: '안녕하세요.\n주문하신 그릇은 내일 도착합니다.',
      html: '<p>안녕하세요.</p>',
      links: [],
      ...(seedId ? { seedId } : {}),
    });
    expect(smtp.received).toHaveLength(before + 1);
    return smtp.received.at(-1)!;
  };

  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM } });
    const owner = await signedIn(t, { fullName: '김그릇' });
    ownerA = owner.token;
    seedA = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '그릇가게' })).body.data.id as string;
    const other = await signedIn(t, { fullName: '이다른' });
    seedB = (await api(t, other.token)('POST', '/api/seeds', { seed_name: '다른가게' })).body.data.id as string;
    const mail = await addDomain(t, seedA, DOMAIN, 'mail');
    selector = mail.selector!;
    dkimTxt = `v=DKIM1; k=rsa; p=${mail.publicKeyBase64!}`;
    await addDomain(t, seedB, 'mail.other.example.co.kr', 'mail', 'pending');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends as the seed from its domain with a DKIM signature that verifies', async () => {
    const mail = await sendFor(seedA, 'customer@example.com');
    expect(mail.from).toContain(`<no-reply@${DOMAIN}>`);
    expect(headerOf(mail.data, 'From')).toBe(`그릇가게 <no-reply@${DOMAIN}>`);
    expect(headerOf(mail.data, 'DKIM-Signature')).toMatch(new RegExp(`d=${DOMAIN.replace(/\./g, '\\.')};.*s=${selector};`));
    const result = await verify(mail.data);
    expect(result.dkim.results).toHaveLength(1);
    expect(result.dkim.results[0]!.status.result).toBe('pass');
    expect(result.dkim.results[0]!.signingDomain).toBe(DOMAIN);
    // The check is real: the same message with one changed letter in the body fails.
    const tampered = mail.data.replace(/\r\n\r\n([\s\S]*)$/, (m) => m.replace('Q', 'R').replace('=EB', '=EC'));
    expect(tampered).not.toBe(mail.data);
    expect((await verify(tampered)).dkim.results[0]!.status.result).not.toBe('pass');
  });

  it('keeps MAIL_FROM and no signature for a seed without a connected mail domain, and for mail of no seed', async () => {
    for (const seedId of [seedB, undefined]) {
      const mail = await sendFor(seedId, 'someone@example.com');
      expect(mail.from).toContain('<no-reply@suite.example>');
      expect(headerOf(mail.data, 'From')).toBe('컴퍼니 툴즈 <no-reply@suite.example>');
      expect(headerOf(mail.data, 'DKIM-Signature')).toBeUndefined();
    }
  });

  it("signs the chatbot's ticket answer mailed to the seed's customer", async () => {
    const o = api(t, ownerA);
    const base = `/api/seeds/${seedA}`;
    const botId = (await o('POST', `${base}/chatbots`, { name: '그릇가게 상담', allowedOrigins: [] })).body.id as string;
    const start = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, payload: {} });
    const c = start.json() as { conversationId: string; token: string };
    const ho = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${c.conversationId}/handoff`,
      headers: { authorization: `Bearer ${c.token}` },
      payload: { email: 'visitor@example.com', name: '손님', message: '그릇이 깨져서 왔어요' },
    });
    expect(ho.statusCode).toBe(201);
    const before = smtp.received.length;
    const answered = await o('POST', `${base}/chatbots/${botId}/tickets/${ho.json().ticketId}/answer`, { answer: '새 그릇을 바로 보내드릴게요.' });
    expect(answered.status).toBe(200);
    await settleAfterResponse();
    const mail = smtp.received.slice(before).find((m) => m.to.join().includes('visitor@example.com'));
    expect(mail).toBeDefined();
    expect(headerOf(mail!.data, 'From')).toBe(`그릇가게 <no-reply@${DOMAIN}>`);
    expect((await verify(mail!.data)).dkim.results[0]!.status.result).toBe('pass');
  });
});
