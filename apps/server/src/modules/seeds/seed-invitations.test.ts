import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { seedInvitations } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, loginAs, minutePassed, outbox, signupBody, tokenOf } from '../auth/testing/auth-test-kit.ts';
import { api, freshEmail, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { inviteAndGetToken } from './testing/seeds-test-kit.ts';

const m = ko.console.seeds;

describe.each(dbKinds)('seed invitations on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { APP_URL: 'https://tools.example.com' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails a single-use link, previews it without sign-in, and adds the invited account once', async () => {
    const owner = await signedIn(t, { fullName: '김소유' });
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '초대 시드' })).body.data;
    const invitee = await signedIn(t, { email: freshEmail('Invitee').toLowerCase() });
    const token = await inviteAndGetToken(t, owner.token, seed.id, invitee.email.toUpperCase(), 'admin');

    const [mail] = await outbox(t, invitee.email);
    expect(mail!.subject).toBe(ko.console.mail.seedInviteSubject('초대 시드'));
    expect(mail!.links[0]).toBe(`https://tools.example.com/invite/seed?token=${encodeURIComponent(token)}`);
    // Stored hashed only.
    const [row] = await t.database.db.select().from(seedInvitations).where(eq(seedInvitations.seedId, seed.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const preview = await api(t)('GET', `/api/seed-invitations/preview?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ seed_name: '초대 시드', email: invitee.email, inviter_name: '김소유', role: 'admin' });

    // Pending invitations: for the owner, not for a plain member (checked below once someone is a member).
    const listed = (await api(t, owner.token)('GET', `/api/seeds/${seed.id}/members`)).body;
    expect(listed.invitations).toHaveLength(1);
    expect(listed.invitations[0]).toMatchObject({ email: invitee.email, role: 'admin' });

    const accepted = await api(t, invitee.token)('POST', '/api/seed-invitations/accept', { token });
    expect(accepted).toMatchObject({ status: 200, body: { success: true, data: { id: seed.id, role: 'admin', member_count: 2 } } });
    const again = await api(t, invitee.token)('POST', '/api/seed-invitations/accept', { token });
    expect(again).toMatchObject({ status: 404, body: { code: 'SEED_INVITATION_INVALID', error: m.invitationInvalid } });
    expect((await api(t)('GET', `/api/seed-invitations/preview?token=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await api(t, invitee.token)('GET', '/api/seeds')).body.data.map((s: { id: string }) => s.id)).toEqual([seed.id]);
  });

  it('refuses another signed-in address with a Korean 403, leaving the invitation usable', async () => {
    const owner = await signedIn(t);
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '확인 시드' })).body.data;
    const invited = await signedIn(t);
    const other = await signedIn(t);
    const token = await inviteAndGetToken(t, owner.token, seed.id, invited.email, 'member');
    const wrong = await api(t, other.token)('POST', '/api/seed-invitations/accept', { token });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'SEED_INVITATION_EMAIL_MISMATCH', error: m.invitationEmailMismatch } });
    expect((await api(t, other.token)('GET', '/api/seeds')).body.data).toEqual([]);
    expect((await api(t)('POST', '/api/seed-invitations/accept', { token })).status).toBe(401);
    const ok = await api(t, invited.token)('POST', '/api/seed-invitations/accept', { token });
    expect(ok.body.data.role).toBe('member');
    // A plain member sees the members but not the pending invitations.
    const seen = (await api(t, invited.token)('GET', `/api/seeds/${seed.id}/members`)).body;
    expect(seen.data).toHaveLength(2);
    expect(seen.invitations).toEqual([]);
    // Members cannot invite.
    const byMember = await api(t, invited.token)('POST', `/api/seeds/${seed.id}/invitations`, { email: freshEmail(), role: 'member' });
    expect(byMember.status).toBe(403);
  });

  it('re-inviting replaces the link; cancelling kills it; bad tokens and existing members are refused in Korean', async () => {
    const owner = await signedIn(t);
    const o = api(t, owner.token);
    const seed = (await o('POST', '/api/seeds', { seed_name: '재초대' })).body.data;
    const email = freshEmail();
    const first = await inviteAndGetToken(t, owner.token, seed.id, email, 'member');
    const second = await inviteAndGetToken(t, owner.token, seed.id, email, 'admin');
    expect(second).not.toBe(first);
    expect((await api(t)('GET', `/api/seed-invitations/preview?token=${first}`)).status).toBe(404);
    const invitations = (await o('GET', `/api/seeds/${seed.id}/members`)).body.invitations;
    expect(invitations).toHaveLength(1);
    expect(invitations[0].role).toBe('admin');

    const cancel = await o('DELETE', `/api/seeds/${seed.id}/invitations/${invitations[0].id}`);
    expect(cancel).toMatchObject({ status: 200, body: { success: true, message: m.invitationCancelled } });
    expect((await api(t)('GET', `/api/seed-invitations/preview?token=${second}`)).status).toBe(404);
    expect((await o('DELETE', `/api/seeds/${seed.id}/invitations/${invitations[0].id}`)).status).toBe(404);

    const short = await api(t)('GET', '/api/seed-invitations/preview?token=abc');
    expect(short).toMatchObject({ status: 400, body: { error: m.tokenRequired } });
    expect((await api(t)('GET', '/api/seed-invitations/preview')).status).toBe(400);

    const self = await o('POST', `/api/seeds/${seed.id}/invitations`, { email: owner.email, role: 'member' });
    expect(self).toMatchObject({ status: 409, body: { code: 'SEED_ALREADY_MEMBER', error: m.alreadyMember } });
    const badRole = await o('POST', `/api/seeds/${seed.id}/invitations`, { email: freshEmail(), role: 'owner' });
    expect(badRole).toMatchObject({ status: 400, body: { error: m.roleInvalid } });
  });

  it('lets an invitee sign up after the invitation and accept with the new account', async () => {
    const owner = await signedIn(t);
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '신규 가입' })).body.data;
    const email = freshEmail();
    const token = await inviteAndGetToken(t, owner.token, seed.id, email, 'member');
    const newcomer = await signedIn(t, { email });
    const res = await api(t, newcomer.token)('POST', '/api/seed-invitations/accept', { token });
    expect(res.body.data).toMatchObject({ seed_name: '신규 가입', role: 'member', member_count: 2 });
  });
  it('carries the invitation through sign-up: confirming the address joins the seed, only for the invited address (issue 27 item 21)', async () => {
    const owner = await signedIn(t);
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '가입 초대 시드' })).body.data;
    const email = freshEmail('newcomer').toLowerCase();
    const token = await inviteAndGetToken(t, owner.token, seed.id, email, 'member');
    await minutePassed(t, email);

    const signup = await call(t, { url: '/api/auth-signup', body: signupBody(email, { invitation_token: token }) });
    expect(signup.body.needsEmailConfirmation).toBe(true);
    const link = (await outbox(t, email)).map((m) => m.links.find((l) => l.includes('/auth/confirm'))).find(Boolean)!;
    const confirmed = await call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf(link) } });
    expect(confirmed).toMatchObject({ status: 200, body: { success: true, seed_id: seed.id, message: ko.auth.server.emailConfirmedJoined('가입 초대 시드') } });
    const session = await loginAs(t, email);
    const listed = (await api(t, session.tokens.access_token)('GET', '/api/seeds')).body.data;
    expect(listed).toMatchObject([{ id: seed.id, role: 'member' }]);
    // The invitation is spent.
    expect((await api(t)('GET', `/api/seed-invitations/preview?token=${encodeURIComponent(token)}`)).status).toBe(404);

    // Another address signing up with someone else's invitation is confirmed but does not join; the invitation stays.
    const invited = freshEmail('invited').toLowerCase();
    const other = freshEmail('other').toLowerCase();
    const theirs = await inviteAndGetToken(t, owner.token, seed.id, invited, 'admin');
    await call(t, { url: '/api/auth-signup', body: signupBody(other, { invitation_token: theirs }) });
    const otherLink = (await outbox(t, other)).map((m) => m.links.find((l) => l.includes('/auth/confirm'))).find(Boolean)!;
    const otherConfirmed = await call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf(otherLink) } });
    expect(otherConfirmed.status).toBe(200);
    expect(otherConfirmed.body.seed_id).toBeUndefined();
    expect(otherConfirmed.body.message).toBe(ko.auth.server.emailConfirmed);
    const otherSession = await loginAs(t, other);
    expect((await api(t, otherSession.tokens.access_token)('GET', '/api/seeds')).body.data).toEqual([]);
    expect((await api(t)('GET', `/api/seed-invitations/preview?token=${encodeURIComponent(theirs)}`)).status).toBe(200);
  });
});
