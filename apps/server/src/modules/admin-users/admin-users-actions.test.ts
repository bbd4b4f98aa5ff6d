import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { seedMembers, seeds, users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, GOOD_PASSWORD, minutePassed, outbox, signupBody, tokenOf } from '../auth/testing/auth-test-kit.ts';
import { api, freshEmail, signedIn } from './testing/console-test-kit.ts';
import { purgeDeletedUsers } from './purge.ts';

const m = ko.console.admin;
const DAY = 86_400_000;

describe.each(dbKinds)('admin user actions on %s', (kind) => {
  let t: TTestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signedIn(t, { role: 'admin', fullName: '최고관리자' });
    a = api(t, admin.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string) => call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
  const refresh = (token: string) => call(t, { url: '/api/refresh-token', body: { refresh_token: token } });
  /** The consents the accept step asks for, as sign-up does. */
  const CONSENTS = { terms: true, age_bracket: '14_or_over', marketing_consent: false };
  const accept = (body: Record<string, unknown>) => call(t, { url: '/api/invitations/accept', body: { ...CONSENTS, ...body } });

  it('answers 403 to a member on every admin endpoint', async () => {
    const member = await signedIn(t);
    const u = api(t, member.token);
    const id = admin.id;
    const tries = [
      await u('GET', '/api/admin/users'),
      await u('GET', '/api/admin/users/trash'),
      await u('PATCH', `/api/admin/users/${id}`, { role: 'user' }),
      await u('POST', `/api/admin/users/${id}/status`, { status: 'suspended' }),
      await u('DELETE', `/api/admin/users/${id}`),
      await u('POST', `/api/admin/users/${id}/restore`),
      await u('POST', '/api/admin/users/invite', { email: freshEmail(), role: 'user' }),
      await u('GET', '/api/admin/audit'),
    ];
    for (const res of tries) expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', error: ko.errors.forbidden } });
    expect((await api(t)('GET', '/api/admin/audit')).status).toBe(401);
  });

  it('edits name and role, and audits the change with who, what, whom and when', async () => {
    const target = await signedIn(t, { fullName: '이전이름' });
    const res = await a('PATCH', `/api/admin/users/${target.id}`, { full_name: '새이름', role: 'guest' });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: m.userUpdated, data: { id: target.id, full_name: '새이름', role: 'guest' } } });
    expect((await a('PATCH', `/api/admin/users/${target.id}`, {})).status).toBe(400);
    expect((await a('PATCH', `/api/admin/users/${target.id}`, { full_name: 'x' })).body.error).toBe(ko.auth.validation.nameMin);
    expect((await a('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000', { role: 'user' })).status).toBe(404);

    const audit = await a('GET', '/api/admin/audit?action=admin.user_updated');
    expect(audit.status).toBe(200);
    expect(audit.body.data[0]).toMatchObject({
      actor_email: admin.email,
      action: 'admin.user_updated',
      target_type: 'user',
      target_id: target.id,
      target_label: target.email,
      metadata: { changes: { full_name: ['이전이름', '새이름'], role: ['user', 'guest'] } },
    });
    expect(Date.now() - Date.parse(audit.body.data[0].created_at)).toBeLessThan(60_000);
    // Prefix filter and search by the target's address.
    expect((await a('GET', '/api/admin/audit?action=admin')).body.total).toBeGreaterThanOrEqual(1);
    const found = await a('GET', `/api/admin/audit?search=${encodeURIComponent(target.email)}`);
    expect(found.body.data.some((e: { action: string }) => e.action === 'admin.user_updated')).toBe(true);
    expect((await a('GET', '/api/admin/audit?search=no-such-thing-anywhere')).body).toMatchObject({ data: [], total: 0 });
  });

  it('suspends: the user cannot log in (suspended message), refresh and access tokens stop at once; activation restores', async () => {
    const target = await signedIn(t);
    const res = await a('POST', `/api/admin/users/${target.id}/status`, { status: 'suspended' });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: m.statusChanged.suspended, data: { status: 'suspended' } } });
    expect(await login(target.email)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_SUSPENDED', error: ko.auth.server.accountSuspended } });
    expect((await refresh(target.refresh)).status).toBe(401);
    expect((await api(t, target.token)('GET', '/api/seeds')).status).toBe(401);

    const inactive = await a('POST', `/api/admin/users/${target.id}/status`, { status: 'inactive' });
    expect(inactive.body.message).toBe(m.statusChanged.inactive);
    expect(await login(target.email)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_INACTIVE', error: ko.auth.server.accountInactive } });

    expect((await a('POST', `/api/admin/users/${target.id}/status`, { status: 'active' })).body.data.status).toBe('active');
    expect((await login(target.email)).status).toBe(200);
    // The old refresh token stays dead: its session was revoked.
    expect((await refresh(target.refresh)).status).toBe(401);
    expect((await a('POST', `/api/admin/users/${target.id}/status`, { status: 'banned' })).status).toBe(400);
    const audit = await a('GET', '/api/admin/audit?action=admin.user_status_changed');
    expect(audit.body.data[2]).toMatchObject({ target_id: target.id, metadata: { from: 'active', to: 'suspended', sessionsRevoked: 1 } });
  });

  it('deletes softly: gone from the list, cannot log in, in the trash for 30 days, restorable', async () => {
    const target = await signedIn(t, { fullName: '휴지통사용자' });
    const del = await a('DELETE', `/api/admin/users/${target.id}`);
    expect(del).toMatchObject({ status: 200, body: { success: true, message: m.deleted } });
    expect(del.body.message).toContain('30일');
    expect((await a('GET', `/api/admin/users?search=${encodeURIComponent(target.email)}`)).body.total).toBe(0);
    expect((await login(target.email)).status).toBe(401);
    expect((await refresh(target.refresh)).status).toBe(401);
    expect((await a('DELETE', `/api/admin/users/${target.id}`)).status).toBe(404);

    const trash = (await a('GET', '/api/admin/users/trash')).body.data;
    const row = trash.find((u: { id: string }) => u.id === target.id);
    expect(row).toMatchObject({ email: target.email, full_name: '휴지통사용자' });
    expect(Date.parse(row.purge_at) - Date.parse(row.deleted_at)).toBe(30 * DAY);

    const restored = await a('POST', `/api/admin/users/${target.id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { success: true, message: m.restored, data: { id: target.id } } });
    expect((await a('POST', `/api/admin/users/${target.id}/restore`)).body.code).toBe('ADMIN_NOT_IN_TRASH');
    expect((await a('GET', `/api/admin/users?search=${encodeURIComponent(target.email)}`)).body.total).toBe(1);
    expect((await login(target.email)).status).toBe(200);
    const actions = (await a('GET', `/api/admin/audit?search=${encodeURIComponent(target.email)}`)).body.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.user_deleted', 'admin.user_restored']));
  });

  it('purges users deleted more than 30 days ago, handing their seeds to a member or deleting empty ones', async () => {
    const old = await signedIn(t);
    const recent = await signedIn(t);
    const heir = await signedIn(t);
    const o = api(t, old.token);
    const shared = (await o('POST', '/api/seeds', { seed_name: '물려줄 시드' })).body.data;
    const lonely = (await o('POST', '/api/seeds', { seed_name: '혼자 쓰던 시드' })).body.data;
    await t.database.db.insert(seedMembers).values({ seedId: shared.id, userId: heir.id, role: 'member' });
    await a('DELETE', `/api/admin/users/${old.id}`);
    await a('DELETE', `/api/admin/users/${recent.id}`);
    const now = new Date();
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(now.getTime() - 31 * DAY) })
      .where(eq(users.id, old.id));

    expect(await purgeDeletedUsers(t.database.db, new Date(now.getTime() - DAY))).toBe(0);
    expect(await purgeDeletedUsers(t.database.db, now)).toBe(1);
    // Erased by the data map: a tombstone without personal data stays (shared rows may name it), out of the trash.
    const [tomb] = await t.database.db.select().from(users).where(eq(users.id, old.id));
    expect(tomb).toMatchObject({ email: `erased-${old.id}@erased.invalid`, status: 'erased', deletedAt: null, passwordHash: null });
    expect((await a('PATCH', `/api/admin/users/${old.id}`, { full_name: '되살림' })).status).toBe(404);
    const trashIds = (await a('GET', '/api/admin/users/trash')).body.data.map((u: { id: string }) => u.id);
    expect(trashIds).toContain(recent.id);
    expect(trashIds).not.toContain(old.id);
    const [kept] = await t.database.db.select().from(seeds).where(eq(seeds.id, shared.id));
    expect(kept!.ownerId).toBe(heir.id);
    expect((await api(t, heir.token)('GET', '/api/seeds')).body.data[0]).toMatchObject({ id: shared.id, role: 'owner', member_count: 1 });
    expect(await t.database.db.select().from(seeds).where(eq(seeds.id, lonely.id))).toEqual([]);
    // 31 days later the recent one goes too.
    expect(await purgeDeletedUsers(t.database.db, new Date(now.getTime() + 31 * DAY))).toBe(1);
  });

  it('protects admins from locking themselves out', async () => {
    const self = admin.id;
    for (const res of [
      await a('POST', `/api/admin/users/${self}/status`, { status: 'suspended' }),
      await a('POST', `/api/admin/users/${self}/status`, { status: 'inactive' }),
      await a('PATCH', `/api/admin/users/${self}`, { role: 'user' }),
      await a('DELETE', `/api/admin/users/${self}`),
    ]) {
      expect(res).toMatchObject({ status: 400, body: { code: 'ADMIN_SELF_ACTION', error: m.selfAction } });
    }
    // Renaming oneself is fine.
    expect((await a('PATCH', `/api/admin/users/${self}`, { full_name: '최고관리자' })).status).toBe(200);
    // Another admin can be demoted while this one stays.
    const other = await signedIn(t, { role: 'admin' });
    expect((await a('PATCH', `/api/admin/users/${other.id}`, { role: 'user' })).body.data.role).toBe('user');
  });

  it('invites by email: the account exists without a password, the link sets one once and signs in', async () => {
    const email = freshEmail('invited');
    const res = await a('POST', '/api/admin/users/invite', { email, full_name: '초대받은이', role: 'user' });
    expect(res).toMatchObject({ status: 201, body: { success: true, message: m.invited(email) } });
    const listed = (await a('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).body.data[0];
    expect(listed).toMatchObject({ email, full_name: '초대받은이', role: 'user', status: 'active', last_login_at: null });
    expect((await login(email)).status).toBe(401);

    const [mail] = await outbox(t, email);
    expect(mail!.subject).toBe(ko.console.mail.accountInviteSubject);
    const link = mail!.links[0]!;
    expect(link.startsWith(`${t.config.appUrl}/invite/account?token=`)).toBe(true);
    const token = tokenOf(link);
    expect((await accept({ token, password: 'short' })).status).toBe(400);
    // Sign-up's consents are asked: terms required, the age bracket required, under 14 refused (the link stays usable).
    const noTerms = await call(t, { url: '/api/invitations/accept', body: { token, password: GOOD_PASSWORD, age_bracket: '14_or_over' } });
    expect(noTerms).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(JSON.stringify(noTerms.body)).toContain(ko.auth.validation.termsRequired);
    const noAge = await call(t, { url: '/api/invitations/accept', body: { token, password: GOOD_PASSWORD, terms: true } });
    expect(noAge).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(JSON.stringify(noAge.body)).toContain(ko.privacy.consents.ageRequired);
    const child = await accept({ token, password: GOOD_PASSWORD, age_bracket: 'under_14' });
    expect(child).toMatchObject({ status: 400, body: { code: 'PRIVACY_UNDER_14', error: ko.privacy.server.under14 } });
    expect((await login(email)).status).toBe(401);
    const accepted = await accept({ token, password: GOOD_PASSWORD, full_name: '새로운이름', marketing_consent: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, user: { email, full_name: '새로운이름', email_verified: true } });
    expect((await api(t, accepted.body.tokens.access_token)('GET', '/api/seeds')).status).toBe(200);
    // The consents were recorded on acceptance, as at sign-up (privacy at the policy's version, marketing as chosen).
    const consents = await api(t, accepted.body.tokens.access_token)('GET', '/api/me/consents');
    const state = Object.fromEntries((consents.body.data as { kind: string; granted: boolean }[]).map((c) => [c.kind, c.granted]));
    expect(state).toEqual({ terms: true, privacy: true, age14: true, marketing: true, marketingNight: false });
    expect(accepted.body.user.marketing_consent).toBe(true);
    expect((await refresh(accepted.body.tokens.refresh_token)).status).toBe(200);
    const again = await accept({ token, password: GOOD_PASSWORD });
    expect(again).toMatchObject({ status: 400, body: { code: 'ACCOUNT_INVITATION_INVALID', error: m.invitationInvalid } });
    expect((await login(email)).status).toBe(200);

    await minutePassed(t, email);
    const dup = await a('POST', '/api/admin/users/invite', { email, role: 'user' });
    expect(dup).toMatchObject({ status: 409, body: { error: m.inviteExists } });
  });

  it('re-inviting a pending account replaces the link', async () => {
    const email = freshEmail('twice');
    await a('POST', '/api/admin/users/invite', { email, role: 'guest' });
    const first = tokenOf((await outbox(t, email))[0]!.links[0]!);
    await minutePassed(t, email);
    expect((await a('POST', '/api/admin/users/invite', { email, role: 'admin' })).status).toBe(201);
    const second = tokenOf((await outbox(t, email))[0]!.links[0]!);
    expect(second).not.toBe(first);
    expect((await accept({ token: first, password: GOOD_PASSWORD })).status).toBe(400);
    const ok = await accept({ token: second, password: GOOD_PASSWORD });
    expect(ok.body.user).toMatchObject({ email, role: 'admin', marketing_consent: false });
  });

  it('makes the first account of an empty instance an admin, later ones users', async () => {
    const fresh = await createTestApp(kind, { env: { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false' } });
    try {
      const first = await call(fresh, { url: '/api/auth-signup', body: signupBody(freshEmail('first')) });
      const second = await call(fresh, { url: '/api/auth-signup', body: signupBody(freshEmail('second')) });
      expect(first.body.user.role).toBe('admin');
      expect(second.body.user.role).toBe('user');
      expect((await api(fresh, first.body.tokens.access_token)('GET', '/api/admin/users')).body.total).toBe(2);
      expect((await api(fresh, second.body.tokens.access_token)('GET', '/api/admin/users')).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
