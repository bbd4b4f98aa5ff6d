import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { inviteAndGetToken } from './testing/seeds-test-kit.ts';

const m = ko.console.seeds;

describe.each(dbKinds)('seeds on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a seed with the creator as owner and lists only the caller’s seeds, oldest first', async () => {
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const a = api(t, alice.token);
    const first = await a('POST', '/api/seeds', { seed_name: '  우리 회사  ', seed_address: '서울시 강남구' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      data: { seed_name: '우리 회사', seed_address: '서울시 강남구', role: 'owner', member_count: 1 },
    });
    expect(typeof first.body.data.id).toBe('string');
    expect(Number.isNaN(Date.parse(first.body.data.created_at))).toBe(false);
    await a('POST', '/api/seeds', { seed_name: '두 번째' });
    await api(t, bob.token)('POST', '/api/seeds', { seed_name: '밥의 시드' });

    const list = await a('GET', '/api/seeds');
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { seed_name: string }) => s.seed_name)).toEqual(['우리 회사', '두 번째']);
    expect(list.body.data[1].seed_address).toBeNull();
    const bobs = await api(t, bob.token)('GET', '/api/seeds');
    expect(bobs.body.data.map((s: { seed_name: string }) => s.seed_name)).toEqual(['밥의 시드']);
  });

  it('answers the spec’s Korean message for a missing or blank name, and 401 without a token', async () => {
    const u = await signedIn(t);
    const a = api(t, u.token);
    for (const body of [{}, { seed_name: '' }, { seed_name: '   ' }]) {
      const res = await a('POST', '/api/seeds', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(m.nameRequired);
    }
    const long = await a('POST', '/api/seeds', { seed_name: '가'.repeat(101) });
    expect(long).toMatchObject({ status: 400, body: { error: m.nameMax } });
    expect((await api(t)('GET', '/api/seeds')).status).toBe(401);
    expect((await api(t)('POST', '/api/seeds', { seed_name: 'x' })).status).toBe(401);
  });

  it('hides a seed from non-members: members, patch, delete, invite, transfer all answer 404', async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '비밀 시드' })).body.data;
    const s = api(t, stranger.token);
    const base = `/api/seeds/${seed.id}`;
    const tries = [
      await s('GET', `${base}/members`),
      await s('PATCH', base, { seed_name: '탈취' }),
      await s('DELETE', base),
      await s('POST', `${base}/invitations`, { email: 'x@example.com', role: 'member' }),
      await s('POST', `${base}/transfer`, { user_id: stranger.id }),
      await s('PATCH', `${base}/members/${owner.id}`, { role: 'member' }),
      await s('DELETE', `${base}/members/${owner.id}`),
    ];
    for (const res of tries) expect(res).toMatchObject({ status: 404, body: { code: 'SEED_NOT_FOUND', error: m.notFound } });
    // A seed that does not exist answers the same.
    const ghost = await s('GET', '/api/seeds/00000000-0000-4000-8000-000000000000/members');
    expect(ghost.body).toEqual(tries[0]!.body);
    expect((await s('GET', '/api/seeds')).body.data).toEqual([]);
    // Still there for the owner.
    expect((await api(t, owner.token)('GET', `${base}/members`)).body.data).toHaveLength(1);
  });

  it('lets the owner and seed admins rename, only the owner delete', async () => {
    const owner = await signedIn(t);
    const admin = await signedIn(t);
    const member = await signedIn(t);
    const o = api(t, owner.token);
    const seed = (await o('POST', '/api/seeds', { seed_name: '원래 이름' })).body.data;
    await addMember(t, owner.token, seed.id, admin, 'admin');
    await addMember(t, owner.token, seed.id, member, 'member');
    const base = `/api/seeds/${seed.id}`;

    const byMember = await api(t, member.token)('PATCH', base, { seed_name: '멤버가 바꿈' });
    expect(byMember).toMatchObject({ status: 403, body: { code: 'SEED_FORBIDDEN', error: m.ownerOrAdminOnly } });
    const byAdmin = await api(t, admin.token)('PATCH', base, { seed_name: '관리자가 바꿈', seed_address: '부산' });
    expect(byAdmin).toMatchObject({ status: 200, body: { data: { seed_name: '관리자가 바꿈', seed_address: '부산', role: 'admin', member_count: 3 } } });
    expect((await api(t, admin.token)('PATCH', base, {})).status).toBe(400);
    expect((await api(t, admin.token)('PATCH', base, { seed_name: ' ' })).body.error).toBe(m.nameRequired);

    expect((await api(t, admin.token)('DELETE', base)).body).toMatchObject({ code: 'SEED_OWNER_ONLY', error: m.ownerOnly });
    const del = await o('DELETE', base);
    expect(del).toMatchObject({ status: 200, body: { success: true, message: m.deleted } });
    expect((await api(t, member.token)('GET', '/api/seeds')).body.data).toEqual([]);
    expect((await o('GET', `${base}/members`)).status).toBe(404);
  });

  it('changes member roles, removes members, lets members leave but not the owner, and transfers ownership', async () => {
    const owner = await signedIn(t);
    const admin = await signedIn(t);
    const member = await signedIn(t);
    const o = api(t, owner.token);
    const seed = (await o('POST', '/api/seeds', { seed_name: '역할 테스트' })).body.data;
    const base = `/api/seeds/${seed.id}`;
    await addMember(t, owner.token, seed.id, admin, 'admin');
    await addMember(t, owner.token, seed.id, member, 'member');

    // A member cannot manage; nobody changes the owner's role this way.
    expect((await api(t, member.token)('PATCH', `${base}/members/${admin.id}`, { role: 'member' })).status).toBe(403);
    expect((await api(t, admin.token)('PATCH', `${base}/members/${owner.id}`, { role: 'member' })).body).toMatchObject({
      code: 'SEED_OWNER_ROLE_FIXED',
    });
    expect((await o('PATCH', `${base}/members/${member.id}`, { role: 'owner' })).status).toBe(400);
    const promote = await api(t, admin.token)('PATCH', `${base}/members/${member.id}`, { role: 'admin' });
    expect(promote).toMatchObject({ status: 200, body: { message: m.roleChanged } });
    const members = (await api(t, member.token)('GET', `${base}/members`)).body;
    expect(members.data.map((x: { role: string }) => x.role)).toEqual(['owner', 'admin', 'admin']);
    expect(members.data[0]).toMatchObject({ user_id: owner.id, email: owner.email, full_name: owner.fullName });

    // The owner cannot leave; an admin cannot remove the owner; a member leaves.
    expect((await o('DELETE', `${base}/members/${owner.id}`)).body).toMatchObject({ code: 'SEED_OWNER_CANNOT_LEAVE', error: m.ownerCannotLeave });
    expect((await api(t, admin.token)('DELETE', `${base}/members/${owner.id}`)).status).toBe(409);
    expect((await api(t, member.token)('DELETE', `${base}/members/${member.id}`)).body).toMatchObject({ success: true, message: m.left });
    expect((await api(t, member.token)('GET', `${base}/members`)).status).toBe(404);

    // Transfer: owner only, to a member; the old owner becomes admin.
    expect((await api(t, admin.token)('POST', `${base}/transfer`, { user_id: admin.id })).status).toBe(403);
    expect((await o('POST', `${base}/transfer`, { user_id: member.id })).status).toBe(400);
    const moved = await o('POST', `${base}/transfer`, { user_id: admin.id });
    expect(moved).toMatchObject({ status: 200, body: { success: true, data: { role: 'admin', member_count: 2 } } });
    expect((await api(t, admin.token)('GET', '/api/seeds')).body.data[0].role).toBe('owner');
    // The new owner removes the old one.
    expect((await api(t, admin.token)('DELETE', `${base}/members/${owner.id}`)).body.message).toBe(m.memberRemoved);
    expect((await o('GET', '/api/seeds')).body.data).toEqual([]);
  });
});

/** Invites `who` with a role and accepts through the mailed token. */
async function addMember(t: TTestContext, ownerToken: string, seedId: string, who: { email: string; token: string }, role: 'admin' | 'member') {
  const token = await inviteAndGetToken(t, ownerToken, seedId, who.email, role);
  const res = await api(t, who.token)('POST', '/api/seed-invitations/accept', { token });
  if (res.status !== 200) throw new Error(`accept failed: ${JSON.stringify(res.body)}`);
}
