/** Helpers for the console tests (seeds, admin users, overview): users inserted directly, sessions through login. */
import { users } from '../../../db/schema.ts';
import type { TTestContext } from '../../../test/helpers.ts';
import { call, GOOD_PASSWORD, loginAs } from '../../auth/testing/auth-test-kit.ts';
import { hashPassword } from '../../auth/passwords.ts';

let hashed: Promise<string> | undefined;
/** One argon2 hash of GOOD_PASSWORD for every test user (hashing is the slow part of creating accounts). */
export function passwordHash(): Promise<string> {
  hashed ??= hashPassword(GOOD_PASSWORD);
  return hashed;
}

let counter = 0;
export function freshEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.com`;
}

export type TMadeUser = { id: string; email: string; fullName: string };

export async function makeUser(
  t: TTestContext,
  opts: { email?: string; fullName?: string; role?: string; status?: string; createdAt?: Date; deletedAt?: Date } = {},
): Promise<TMadeUser> {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: opts.email ?? freshEmail(),
      fullName: opts.fullName ?? '홍길동',
      passwordHash: await passwordHash(),
      emailVerified: true,
      role: opts.role ?? 'user',
      status: opts.status ?? 'active',
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      ...(opts.deletedAt ? { deletedAt: opts.deletedAt } : {}),
    })
    .returning({ id: users.id, email: users.email, fullName: users.fullName });
  return row!;
}

/** A user with a signed-in session: { ...user, token, refresh }. */
export async function signedIn(t: TTestContext, opts: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t, opts);
  const s = await loginAs(t, user.email);
  return { ...user, token: s.tokens.access_token, refresh: s.tokens.refresh_token };
}

type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** app.inject with a bearer token: api(t, token)('POST', '/api/seeds', body). */
export function api(t: TTestContext, token?: string) {
  return (method: TMethod, url: string, body?: unknown) => call(t, { method, url, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
}
