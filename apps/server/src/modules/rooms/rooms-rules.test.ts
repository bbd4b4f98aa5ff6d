/**
 * Booking rules (issue 37): each rule refuses in Korean naming the rule and its limit and accepts within it, a room's
 * rule wins over the seed's, team quotas, and the admin override (audited; refused for a member). Bookings land on
 * weekdays weeks ahead of the real clock (rooms in the kit are open every day and on holidays).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { iso, seedWithRoom, seoulWeekday } from './testing/rooms-test-kit.ts';

const r = koRoomsRules.server;
const put = (t: TTestContext, token: string, url: string, body: unknown) => call(t, { method: 'PUT', url, token, body });
/** A booking body: `minutes` long from `start`. */
const at = (roomId: string, start: Date, minutes: number, title = '회의') => ({ roomId, title, startsAt: iso(start), endsAt: iso(start, minutes) });

describe.each(dbKinds)('room booking rules on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('maximum length: the seed’s limit, a room’s own limit over it, on create and on a move', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const m = api(t, member.token);
    const saved = await put(t, owner.token, `${base}/rooms/rules`, { maxMinutes: 120 });
    expect(saved).toMatchObject({ status: 200, body: { message: r.rulesSaved, data: { seed: { maxMinutes: 120, abandonAfter: 2 } } } });
    const day = seoulWeekday(1, 1, 10);
    const long = await m('POST', `${base}/bookings`, at(roomId, day, 180));
    expect(long).toMatchObject({ status: 409, body: { code: 'ROOM_RULE', error: '이 회의실은 한 번에 최대 2시간까지 예약할 수 있습니다.' } });
    const ok = await m('POST', `${base}/bookings`, at(roomId, day, 120));
    expect(ok.status).toBe(201);
    // Moving it longer is refused the same way.
    const longer = await m('PATCH', `${base}/bookings/${ok.body.data.id}`, { endsAt: iso(day, 150) });
    expect(longer).toMatchObject({ status: 409, body: { code: 'ROOM_RULE', error: r.maxLength(120) } });
    // The room's own limit wins over the seed's.
    expect((await put(t, owner.token, `${base}/rooms/${roomId}/rules`, { maxMinutes: 90 })).status).toBe(200);
    const overRoom = await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 2, 10), 120));
    expect(overRoom).toMatchObject({ status: 409, body: { error: '이 회의실은 한 번에 최대 1시간 30분까지 예약할 수 있습니다.' } });
    expect((await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 2, 10), 90))).status).toBe(201);
    const rules = await m('GET', `${base}/rooms/rules`);
    expect(rules).toMatchObject({ status: 200, body: { canManage: false, data: { rooms: [{ roomId, maxMinutes: 90, maxDaysAhead: null }] } } });
  });

  it('how far ahead: refused past the limit, a series books the dates within it and skips the rest', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const m = api(t, member.token);
    expect((await put(t, owner.token, `${base}/rooms/rules`, { maxDaysAhead: 7 })).status).toBe(200);
    const far = await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(3, 0, 10), 60));
    expect(far).toMatchObject({ status: 409, body: { code: 'ROOM_RULE', error: '이 회의실은 오늘부터 7일 뒤까지만 예약할 수 있습니다.' } });
    // Next Monday is at most 7 days away; the two Mondays after it are not.
    const first = seoulWeekday(1, 0, 10);
    const until = new Date(first.getTime() + 14 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
    const series = await m('POST', `${base}/bookings`, { ...at(roomId, first, 60, '주간'), recurrence: { freq: 'weekly', until } });
    expect(series.status).toBe(201);
    expect(series.body.created).toHaveLength(1);
    expect(series.body.skipped.map((s: { reason: string }) => s.reason)).toEqual([r.daysAhead(7), r.daysAhead(7)]);
  });

  it('hours per person per week (Seoul Mon–Sun): across all rooms for the seed’s limit, one room for a room’s', async () => {
    const { owner, member, base, roomId, seedId } = await seedWithRoom(t);
    const m = api(t, member.token);
    const o = api(t, owner.token);
    const other = (
      await o('POST', `/api/seeds/${seedId}/rooms`, {
        name: '소회의실',
        capacity: 4,
        openMinute: 0,
        closeMinute: 1440,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        openOnHolidays: true,
      })
    ).body.data.id as string;
    expect((await put(t, owner.token, `${base}/rooms/rules`, { maxHoursPerWeek: 2 })).status).toBe(200);
    expect((await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 0, 10), 60))).status).toBe(201);
    const second = await m('POST', `${base}/bookings`, at(other, seoulWeekday(2, 4, 10), 60));
    expect(second.status).toBe(201);
    const third = await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 2, 10), 30));
    expect(third).toMatchObject({
      status: 409,
      body: { code: 'ROOM_RULE', error: '회의실은 한 사람이 한 주(월–일)에 모두 합쳐 최대 2시간까지 예약할 수 있습니다. 이 주에 이미 2시간 예약했습니다.' },
    });
    // Another week, or another person, is fine; a cancelled booking frees its hours.
    expect((await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(3, 0, 10), 60))).status).toBe(201);
    expect((await o('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 2, 10), 120))).status).toBe(201);
    expect((await m('DELETE', `${base}/bookings/${second.body.data.id}`)).status).toBe(200);
    expect((await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 3, 10), 60))).status).toBe(201);
    // A room's own weekly limit counts that room only.
    expect((await put(t, owner.token, `${base}/rooms/${other}/rules`, { maxHoursPerWeek: 1 })).status).toBe(200);
    expect((await m('POST', `${base}/bookings`, at(other, seoulWeekday(4, 0, 10), 60))).status).toBe(201);
    const overRoom = await m('POST', `${base}/bookings`, at(other, seoulWeekday(4, 1, 10), 15));
    expect(overRoom).toMatchObject({ status: 409, body: { error: r.perPersonRoom(1, 60) } });
    // Moving a booking within its own week does not count it twice.
    const mine = await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(5, 0, 10), 120));
    expect(
      (await m('PATCH', `${base}/bookings/${mine.body.data.id}`, { startsAt: iso(seoulWeekday(5, 1, 10)), endsAt: iso(seoulWeekday(5, 1, 10), 120) })).status,
    ).toBe(200);
  });

  it('a room’s own weekly limit adds to the seed’s all-rooms limit, it does not replace it', async () => {
    const { owner, member, base, roomId, seedId } = await seedWithRoom(t);
    const m = api(t, member.token);
    const roomB = (
      await api(t, owner.token)('POST', `/api/seeds/${seedId}/rooms`, {
        name: '소회의실',
        capacity: 4,
        openMinute: 0,
        closeMinute: 1440,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        openOnHolidays: true,
      })
    ).body.data.id as string;
    expect((await put(t, owner.token, `${base}/rooms/rules`, { maxHoursPerWeek: 2 })).status).toBe(200);
    expect((await put(t, owner.token, `${base}/rooms/${roomB}/rules`, { maxHoursPerWeek: 1 })).status).toBe(200);
    // Two hours in room A take the whole seed limit: an hour in room B (within its own limit) is refused by the seed's.
    expect((await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 0, 10), 120))).status).toBe(201);
    const inB = await m('POST', `${base}/bookings`, at(roomB, seoulWeekday(2, 1, 10), 60));
    expect(inB).toMatchObject({ status: 409, body: { code: 'ROOM_RULE', error: r.perPersonSeed(2, 120) } });
    expect(await m('POST', `${base}/bookings`, at(roomB, seoulWeekday(2, 2, 10), 15))).toMatchObject({ status: 409, body: { error: r.perPersonSeed(2, 120) } });
    // Another week: room B's own limit still applies on top of the seed's (1 h in B, then B is full, A is not).
    const inBWeek3 = await m('POST', `${base}/bookings`, at(roomB, seoulWeekday(3, 0, 10), 60));
    expect(inBWeek3.status).toBe(201);
    expect(await m('POST', `${base}/bookings`, at(roomB, seoulWeekday(3, 1, 10), 15))).toMatchObject({ status: 409, body: { error: r.perPersonRoom(1, 60) } });
    expect((await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(3, 1, 10), 60))).status).toBe(201);
    const overSeed = await m('POST', `${base}/bookings`, at(roomId, seoulWeekday(3, 2, 10), 15));
    expect(overSeed).toMatchObject({ status: 409, body: { error: r.perPersonSeed(2, 120) } });
    // Moving the B booking to A within the week does not count it twice, and keeps both limits.
    const moved = await m('PATCH', `${base}/bookings/${inBWeek3.body.data.id}`, {
      roomId,
      startsAt: iso(seoulWeekday(3, 3, 10)),
      endsAt: iso(seoulWeekday(3, 3, 10), 60),
    });
    expect(moved.status).toBe(200);
  });

  it('who may book: admins only, or some members (owner and admins always may)', async () => {
    const { owner, member, base, roomId, seedId } = await seedWithRoom(t);
    const third = await signedIn(t, { fullName: '박셋째' });
    await addMember(t.database.db, seedId, third.id, 'member');
    expect((await put(t, owner.token, `${base}/rooms/${roomId}/rules`, { whoMayBook: 'admins' })).status).toBe(200);
    const refused = await api(t, member.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 0, 9), 30));
    expect(refused).toMatchObject({ status: 403, body: { code: 'ROOM_RULE', error: '이 회의실은 관리자만 예약할 수 있습니다.' } });
    expect((await api(t, owner.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 0, 9), 30))).status).toBe(201);
    const some = await put(t, owner.token, `${base}/rooms/${roomId}/rules`, { whoMayBook: 'members', allowedUserIds: [member.id] });
    expect(some.body.data.rooms[0]).toMatchObject({ whoMayBook: 'members', allowedUserIds: [member.id] });
    expect((await api(t, member.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 1, 9), 30))).status).toBe(201);
    const notListed = await api(t, third.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 2, 9), 30));
    expect(notListed).toMatchObject({ status: 403, body: { error: r.someMembersOnly } });
    // Back to the seed's rule (null): everyone.
    expect((await put(t, owner.token, `${base}/rooms/${roomId}/rules`, { whoMayBook: null })).status).toBe(200);
    expect((await api(t, third.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 2, 9), 30))).status).toBe(201);
  });

  it('a team quota counts its members together, in one room or all rooms; others are not limited', async () => {
    const { owner, member, base, roomId, seedId } = await seedWithRoom(t);
    const mate = await signedIn(t, { fullName: '최팀원' });
    await addMember(t.database.db, seedId, mate.id, 'member');
    const team = await api(t, owner.token)('POST', `${base}/rooms/teams`, { name: '디자인', roomId, maxHoursPerWeek: 2, memberIds: [member.id, mate.id] });
    expect(team).toMatchObject({ status: 201, body: { message: r.teamSaved('디자인') } });
    expect(team.body.data.teams[0]).toMatchObject({ name: '디자인', roomId, maxHoursPerWeek: 2 });
    expect(team.body.data.teams[0].members.map((x: { id: string }) => x.id).sort()).toEqual([member.id, mate.id].sort());
    expect((await api(t, member.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 0, 10), 90))).status).toBe(201);
    const over = await api(t, mate.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 1, 10), 60));
    expect(over).toMatchObject({
      status: 409,
      body: { code: 'ROOM_RULE', error: '디자인 팀은 한 주(월–일)에 대회의실을 최대 2시간까지 예약할 수 있습니다. 이 주에 팀이 이미 1시간 30분 예약했습니다.' },
    });
    expect((await api(t, mate.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 1, 10), 30))).status).toBe(201);
    expect((await api(t, owner.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 2, 10), 180))).status).toBe(201);
    // The same team on all rooms: the message says so.
    const id = team.body.data.teams[0].id as string;
    expect(
      (await put(t, owner.token, `${base}/rooms/teams/${id}`, { name: '디자인', roomId: null, maxHoursPerWeek: 2, memberIds: [member.id, mate.id] })).status,
    ).toBe(200);
    const all = await api(t, member.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 3, 10), 15));
    expect(all).toMatchObject({ status: 409, body: { error: r.teamQuota('디자인', null, 2, 120) } });
    expect(all.body.error).toContain('모든 회의실을 합쳐');
    const dup = await api(t, owner.token)('POST', `${base}/rooms/teams`, { name: '디자인', maxHoursPerWeek: 3, memberIds: [member.id] });
    expect(dup).toMatchObject({ status: 409, body: { error: r.teamTaken } });
    expect(await api(t, owner.token)('DELETE', `${base}/rooms/teams/${id}`)).toMatchObject({ status: 200, body: { message: r.teamRemoved('디자인') } });
    expect((await api(t, member.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(2, 3, 10), 15))).status).toBe(201);
  });

  it('an admin overrides a rule with a reason (audited, shown on the booking); a member cannot', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    expect((await put(t, owner.token, `${base}/rooms/rules`, { maxMinutes: 60 })).status).toBe(200);
    const day = seoulWeekday(1, 3, 13);
    const byMember = await api(t, member.token)('POST', `${base}/bookings`, { ...at(roomId, day, 120), override: { reason: '전사 워크숍' } });
    expect(byMember).toMatchObject({ status: 403, body: { error: r.overrideAdminsOnly } });
    const noReason = await api(t, owner.token)('POST', `${base}/bookings`, { ...at(roomId, day, 120), override: { reason: ' ' } });
    expect(noReason).toMatchObject({ status: 400, body: { error: koRoomsRules.validation.overrideReason } });
    expect((await api(t, owner.token)('POST', `${base}/bookings`, at(roomId, day, 120))).status).toBe(409);
    const made = await api(t, owner.token)('POST', `${base}/bookings`, { ...at(roomId, day, 120, '전사 워크숍'), override: { reason: '분기 전사 워크숍' } });
    expect(made).toMatchObject({ status: 201, body: { data: { overrideReason: '분기 전사 워크숍' } } });
    const id = made.body.data.id as string;
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rooms.rule_override'), eq(auditLog.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: owner.id, targetType: 'room_booking', metadata: { reason: '분기 전사 워크숍', rules: ['maxMinutes'] } });
    const history = await api(t, member.token)('GET', `${base}/bookings/${id}/history`);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ action: 'rule_override', bookingId: id, detail: { reason: '분기 전사 워크숍', rules: [r.maxLength(60)] } });
    const listed = await api(t, member.token)('GET', `${base}/bookings?from=${iso(day, -60)}&to=${iso(day, 180)}`);
    expect(listed.body.data[0]).toMatchObject({ id, overrideReason: '분기 전사 워크숍', releaseReason: null });
    const logs = await api(t, owner.token)('GET', `${base}/booking-logs`);
    expect(logs.body.data.map((x: { action: string }) => x.action)).toContain('rule_override');
    // An override that breaks nothing is not an exception; a member's move against a rule is refused, not overridden.
    const plain = await api(t, owner.token)('POST', `${base}/bookings`, { ...at(roomId, seoulWeekday(1, 4, 9), 30), override: { reason: '필요 없음' } });
    expect(plain).toMatchObject({ status: 201, body: { data: { overrideReason: null } } });
    const memberBooking = await api(t, member.token)('POST', `${base}/bookings`, at(roomId, seoulWeekday(1, 4, 15), 60));
    const moveMember = await api(t, member.token)('PATCH', `${base}/bookings/${memberBooking.body.data.id}`, {
      endsAt: iso(seoulWeekday(1, 4, 15), 90),
      override: { reason: '연장' },
    });
    expect(moveMember).toMatchObject({ status: 403, body: { error: r.overrideAdminsOnly } });
    const moveOwner = await api(t, owner.token)('PATCH', `${base}/bookings/${memberBooking.body.data.id}`, {
      endsAt: iso(seoulWeekday(1, 4, 15), 90),
      override: { reason: '고객 미팅 연장' },
    });
    expect(moveOwner).toMatchObject({ status: 200, body: { data: { overrideReason: '고객 미팅 연장' } } });
  });

  it('rules are managed by owner and admins only, with Korean errors for bad input', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const outsider = await signedIn(t, { fullName: '외부인' });
    expect(await put(t, member.token, `${base}/rooms/rules`, { maxMinutes: 60 })).toMatchObject({ status: 403, body: { error: ko.rooms.server.managersOnly } });
    expect((await put(t, member.token, `${base}/rooms/${roomId}/rules`, { maxMinutes: 60 })).status).toBe(403);
    expect((await api(t, member.token)('POST', `${base}/rooms/teams`, { name: 'A', maxHoursPerWeek: 1, memberIds: [member.id] })).status).toBe(403);
    expect(await put(t, owner.token, `${base}/rooms/rules`, { maxMinutes: 10 })).toMatchObject({
      status: 400,
      body: { error: koRoomsRules.validation.maxMinutes },
    });
    expect(await put(t, owner.token, `${base}/rooms/rules`, { abandonAfter: 11 })).toMatchObject({
      status: 400,
      body: { error: koRoomsRules.validation.abandonAfter },
    });
    expect(await put(t, owner.token, `${base}/rooms/rules`, { whoMayBook: 'nobody' })).toMatchObject({
      status: 400,
      body: { error: koRoomsRules.validation.whoMayBook },
    });
    expect(await put(t, owner.token, `${base}/rooms/rules`, { whoMayBook: 'members', allowedUserIds: [outsider.id] })).toMatchObject({
      status: 400,
      body: { error: r.notMembers },
    });
    expect(await api(t, owner.token)('POST', `${base}/rooms/teams`, { name: '', maxHoursPerWeek: 1, memberIds: [member.id] })).toMatchObject({
      status: 400,
      body: { error: koRoomsRules.validation.teamName },
    });
    expect(await api(t, owner.token)('POST', `${base}/rooms/teams`, { name: '팀', maxHoursPerWeek: 1, memberIds: [] })).toMatchObject({
      status: 400,
      body: { error: koRoomsRules.validation.teamMembers },
    });
    expect((await api(t, outsider.token)('GET', `${base}/rooms/rules`)).status).toBe(404);
  });
});
