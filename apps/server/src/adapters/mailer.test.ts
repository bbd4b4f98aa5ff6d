import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSmtp } from '../test-support/fake-smtp.ts';
import { createMailer } from './mailer.ts';

describe('mailer over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('sends through SMTP_URL with the sender, recipient, Korean subject and link', async () => {
    const sunk: unknown[] = [];
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@example.com', print: 'off', sink: async (m) => void sunk.push(m) });
    expect(mailer.kind).toBe('smtp');
    const link = 'http://localhost:3000/auth/confirm?token=abc_DEF-123';
    await mailer.send({
      to: 'kim@example.com',
      subject: '[컴퍼니 툴즈] 이메일 주소를 인증해주세요',
      text: `링크: ${link}`,
      html: `<a href="${link}">링크</a>`,
      links: [link],
    });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toContain('no-reply@example.com');
    expect(mail.to.join()).toContain('kim@example.com');
    expect(mail.data).toMatch(/^Subject: =\?UTF-8\?/m);
    const body = mail.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(link);
    // Sent mail is not kept in the development outbox.
    expect(sunk).toEqual([]);
  });

  it('drops mail to a reserved .invalid address (system account, tombstones) over SMTP and in the outbox alike', async () => {
    const before = smtp.received.length;
    const sunk: unknown[] = [];
    const smtpMailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@example.com', print: 'off' });
    const logMailer = createMailer({ smtpUrl: undefined, from: 'no-reply@example.com', print: 'off', sink: async (m) => void sunk.push(m) });
    const mail = (to: string) => ({ to, subject: '알림', text: '본문', html: '<p>본문</p>', links: [] });
    await smtpMailer.send(mail('help-bot@system.invalid'));
    await logMailer.send(mail('erased-1@erased.INVALID'));
    await logMailer.send(mail('lee@example.com'));
    smtpMailer.close();
    expect(smtp.received.length).toBe(before);
    expect(sunk).toHaveLength(1);
  });

  it("sends a seed's mail from the sender its resolver gives, DKIM-signed; other mail from MAIL_FROM", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const asked: string[] = [];
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'no-reply@example.com',
      print: 'off',
      senders: async (seedId) => {
        asked.push(seedId);
        return seedId !== 'seed-a'
          ? null
          : {
              from: { name: '그릇가게', address: 'no-reply@mail.shop.example' },
              dkim: { domainName: 'mail.shop.example', keySelector: 'ct202611', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
            };
      },
    });
    const base = { to: 'kim@example.com', subject: '답변', text: '안녕하세요', html: '<p>안녕하세요</p>', links: [] };
    const before = smtp.received.length;
    await mailer.send({ ...base, seedId: 'seed-a' });
    await mailer.send({ ...base, seedId: 'seed-b' });
    await mailer.send(base);
    mailer.close();
    expect(asked).toEqual(['seed-a', 'seed-b']);
    const [a, b, none] = smtp.received.slice(before);
    expect(a!.from).toContain('no-reply@mail.shop.example');
    expect(a!.data).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=mail\.shop\.example;/m);
    expect(a!.data).toMatch(/^DKIM-Signature:[^]*s=ct202611;/m);
    for (const m of [b!, none!]) {
      expect(m.from).toContain('no-reply@example.com');
      expect(m.data).not.toMatch(/^DKIM-Signature:/m);
    }
  });
});
