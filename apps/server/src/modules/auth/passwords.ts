import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';

/** OWASP's argon2id parameters: m=19 MiB, t=2, p=1. */
const ARGON2: Options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A fixed hash to verify against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy-password-for-timing', ARGON2);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let common: Set<string> | undefined;

/** The shipped list of common passwords (see the file's header), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(text.split('\n').filter((l) => l && !l.startsWith('#')));
  }
  return common.has(password.toLowerCase());
}

/** Refuses a password from the common list with a Korean 400 on the given field. */
export function assertNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError('PASSWORD_COMMON', undefined, { details: [{ path: field, message: ko.auth.validation.passwordCommon }] });
  }
}

/** The product's own name, as people would type it into a password (compared without separators, lower-cased). */
const PRODUCT_NAMES = ['companytools', 'companytool', 'compatools'];

/**
 * Refuses a password that contains the product's name, the user's email (or its local part) or the user's name
 * (the whole name or any part of 3+ letters), compared lower-cased and without separators (issue 19, ASVS 6.2.11).
 */
export function assertNotPersonal(password: string, who: { email: string; fullName: string }, field = 'password'): void {
  const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const pw = squash(password);
  const local = who.email.split('@')[0] ?? '';
  const nameParts = who.fullName.split(/\s+/).filter((p) => squash(p).length >= 3);
  const needles = [...PRODUCT_NAMES, squash(who.email), squash(local), squash(who.fullName), ...nameParts.map(squash)].filter((n) => n.length >= 3);
  if (needles.some((n) => pw.includes(n))) {
    throw new AppError('PASSWORD_PERSONAL', undefined, { details: [{ path: field, message: ko.accounts.server.passwordPersonal }] });
  }
}
