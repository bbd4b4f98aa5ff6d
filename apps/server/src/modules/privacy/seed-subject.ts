/**
 * A seed owner's request names a customer by one identifier (an e-mail address, a chatbot visitor id, a Slack user
 * id). Here it becomes the subject the data map's links understand — always within the asking seed, so another seed's
 * rows are never reached — and the forms kept in privacy_requests: a masked form for people to read and an HMAC
 * (keyed by AUTH_SECRET, per seed) that recognises the same customer again without storing the clear value.
 */
import { createHmac } from 'node:crypto';
import type { TSeedPrivacyRequest, TSeedPrivacyRequestInput } from '@suite/shared/schemas/privacy';
import type { TSubject } from './subjects.repository.ts';

export type TSubjectKind = TSeedPrivacyRequest['subjectKind'];
export type TSeedSubject = { subject: TSubject; kind: TSubjectKind; value: string };

export function seedSubject(seedId: string, input: TSeedPrivacyRequestInput['subject']): TSeedSubject {
  if ('email' in input) {
    const value = input.email.trim().toLowerCase();
    return { subject: { kind: 'seedEmail', seedId, email: value }, kind: 'email', value };
  }
  if ('chatbotVisitorId' in input) {
    const value = input.chatbotVisitorId.trim();
    return { subject: { kind: 'chatbotVisitor', seedId, visitorId: value }, kind: 'chatbotVisitorId', value };
  }
  const value = input.slackUserId.trim();
  return { subject: { kind: 'slackUser', seedId, slackUserId: value }, kind: 'slackUserId', value };
}

/** k***@example.com, U0***AB, 3f2a***9c: enough to tell requests apart, not enough to recover the value. */
export function maskSubject(kind: TSubjectKind, value: string): string {
  if (kind === 'email') {
    const at = value.lastIndexOf('@');
    return `${value.slice(0, 1)}***${value.slice(at)}`;
  }
  const head = kind === 'slackUserId' ? 2 : 4;
  if (value.length < head + 4) return `${value.slice(0, 1)}***`;
  return `${value.slice(0, head)}***${value.slice(-2)}`;
}

export function hashSubject(secret: string, seedId: string, kind: TSubjectKind, value: string): string {
  return createHmac('sha256', secret).update(`privacy-subject:${seedId}:${kind}:${value}`).digest('hex');
}
