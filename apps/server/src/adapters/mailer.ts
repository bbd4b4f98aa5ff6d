/**
 * Outgoing mail. With SMTP_URL: nodemailer over SMTP. Without (development): every mail is printed in full
 * to standard output and handed to `sink` (the development outbox, /dev/outbox); production never keeps an outbox.
 */
import nodemailer from 'nodemailer';
import { reportOutside } from '../lib/outside-services.ts';

/** `seedId`: the mail speaks for that seed to its customers (issue 33: sent from its own domain when it has one). */
export type TMail = { to: string; subject: string; text: string; html: string; links: string[]; seedId?: string };

/** A seed's own sender: its From and the DKIM key that signs for its domain (nodemailer's `dkim` option). */
export type TMailSender = {
  from: { name: string; address: string };
  dkim: { domainName: string; keySelector: string; privateKey: string };
};

export type TMailer = {
  kind: 'smtp' | 'log';
  send: (mail: TMail) => Promise<void>;
  close: () => void;
};

export type TMailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** Print unsent mail to stdout: 'full' in development, 'headers' (recipient and subject, never links) in production, 'off' in tests. */
  print: 'full' | 'headers' | 'off';
  /** Where unsent mail is kept for the development outbox; absent in production. */
  sink?: ((mail: TMail) => Promise<void>) | undefined;
  /** The sender of a seed's mail, or null for MAIL_FROM (modules/domains/mail-sender.ts). */
  senders?: ((seedId: string) => Promise<TMailSender | null>) | undefined;
};

/**
 * Addresses under the reserved `.invalid` top-level domain (RFC 2606) can never receive mail: the help centre's system
 * account (`help-bot@system.invalid`) and erased accounts' tombstones use it. Mail to one is dropped here, once for
 * every sender (sign-up notices, invitations, notifications), instead of bouncing at the relay and using up quotas.
 */
export function isUndeliverable(address: string): boolean {
  return /\.invalid\.?$/i.test(address.trim());
}

export function createMailer(opts: TMailerOptions): TMailer {
  const mailer = createTransportMailer(opts);
  return { ...mailer, send: (mail) => (isUndeliverable(mail.to) ? Promise.resolve() : mailer.send(mail)) };
}

function createTransportMailer(opts: TMailerOptions): TMailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        try {
          const sender = mail.seedId && opts.senders ? await opts.senders(mail.seedId) : null;
          await transport.sendMail({
            from: sender?.from ?? opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(sender ? { dkim: sender.dkim } : {}),
          });
        } catch (err) {
          // nodemailer's code (EAUTH, ECONNECTION, …) and the SMTP reply code only: never the message or the server's text.
          const e = err as { code?: unknown; responseCode?: unknown };
          reportOutside('smtp', false, [e.code, e.responseCode].filter((x) => typeof x === 'string' || typeof x === 'number').join(' ') || 'send failed');
          throw err;
        }
        reportOutside('smtp', true);
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'log',
    async send(mail) {
      if (opts.print === 'headers') {
        // Production without SMTP: links carry single-use secrets and must not reach the logs.
        process.stdout.write(`[메일 미발송: SMTP_URL 미설정] 받는 사람: ${mail.to} / 제목: ${mail.subject}\n`);
      } else if (opts.print === 'full') {
        const bar = '─'.repeat(60);
        process.stdout.write(
          `\n${bar}\n[메일 미발송: SMTP_URL 미설정]\n받는 사람: ${mail.to}\n보내는 사람: ${opts.from}\n제목: ${mail.subject}\n\n${mail.text}\n` +
            (mail.links.length ? `\n링크:\n${mail.links.map((l) => `  ${l}`).join('\n')}\n` : '') +
            `${bar}\n`,
        );
      }
      await opts.sink?.(mail);
    },
    close: () => undefined,
  };
}
