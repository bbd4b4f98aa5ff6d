/**
 * People with data in every module that stores personal data (issue 32), for the export, erasure and seed-request
 * tests (not a test file itself). Made through the HTTP API (app.inject) wherever the product has a route; the API
 * builder's connection, API and key and the admin app (they need a customer database), and the Slack workspace link
 * (an OAuth round trip with Slack) are inserted as their modules store them.
 */
import { randomBytes } from 'node:crypto';
import { adminApps } from '../../../db/schema-admin-builder.ts';
import { apiConnections, apiDefinitions, apiKeys } from '../../../db/schema-api-builder.ts';
import { slackWorkspaces } from '../../../db/schema-slack.ts';
import type { TTestContext } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { call, GOOD_PASSWORD, loginAs, minutePassed, outbox, tokenOf, uniqueEmail } from '../../auth/testing/auth-test-kit.ts';
import { inviteAndGetToken } from '../../seeds/testing/seeds-test-kit.ts';
import { addMember } from '../../seeds/seeds.repository.ts';

export const KIT_SHOP = 'https://shop.example';

export type TPerson = {
  id: string;
  email: string;
  name: string;
  phone: string;
  password: string;
  token: string;
  /** The seed this person owns (room, meal round, bot, business details, builder apps, Slack link). */
  seedId: string;
  botId: string;
  bookingId: string;
  mealId: string;
  /** The chatbot conversation they had as a visitor of their own seed's bot, with their e-mail in the hand-off. */
  conversationId: string;
  /** A third member of their seed (a meal buddy who owes them), not a person under test. */
  buddy: { id: string; email: string; token: string };
};

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

async function ok<T = Record<string, unknown>>(p: Promise<{ status: number; body: unknown }>, what: string, want = [200, 201]): Promise<T> {
  const r = await p;
  if (!want.includes(r.status)) throw new Error(`people-kit ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

/** Signs up through the API (phone, marketing consent, age), confirms by the mailed link and signs in. */
async function signUp(t: TTestContext, name: string, phone: string) {
  const email = uniqueEmail('person');
  const body = { email, password: GOOD_PASSWORD, full_name: name, phone, marketing_consent: true, terms: true, age_bracket: '14_or_over' };
  const s = await ok<{ user: { id: string } }>(call(t, { url: '/api/auth-signup', body }), 'signup');
  const link = (await outbox(t, email)).flatMap((m) => m.links).find((l) => l.includes('/auth/confirm'));
  if (!link) throw new Error('people-kit: no confirmation mail');
  await ok(call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf(link) } }), 'confirm');
  await minutePassed(t, email);
  const login = await loginAs(t, email);
  return { id: s.user.id, email, token: login.tokens.access_token };
}

/** A valid 사업자등록번호 (check digit) with random leading digits. */
function businessNumber(): string {
  const d = digits(9).split('').map(Number);
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = d.reduce((a, x, i) => a + x * w[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return [...d, (10 - (sum % 10)) % 10].join('');
}

/**
 * A person with data everywhere: account (phone, consents, sessions, audit rows, calendar feed, notification
 * preferences), a seed they own with a member and an invitation, a room booking with attendees, a meal round they
 * hosted and a ledger entry, a chatbot with a FAQ (knowledge) and their own visitor conversation and hand-off (a
 * ticket and a notice), API builder connection/API/key, an admin app, a Slack workspace link, a beta application,
 * the seed's business details. `joinSeedOf`: they are also invited to and join that person's seed, and that person
 * is an attendee of their booking (rows both of them are in).
 */
/**
 * A quarter-hour start at least `aheadHours` from `now` whose `lengthHours` stay within one Seoul day (a booking may
 * not cross midnight there): past 24:00 it moves to the next Seoul midnight. The kit's room is open 00:00–24:00.
 */
export function slotStart(now: Date, aheadHours: number, lengthHours: number): Date {
  const start = Math.ceil((now.getTime() + aheadHours * 3_600_000) / 900_000) * 900_000;
  const seoulMs = (start + 9 * 3_600_000) % 86_400_000;
  return new Date(seoulMs + lengthHours * 3_600_000 > 86_400_000 ? start - seoulMs + 86_400_000 : start);
}

export async function makePersonWithData(t: TTestContext, opts: { name?: string; joinSeedOf?: TPerson } = {}): Promise<TPerson> {
  const name = opts.name ?? '정보주';
  const phone = `010-${digits(4)}-${digits(4)}`;
  const me = await signUp(t, name, phone);
  const my = api(t, me.token);
  await ok(my('PATCH', '/api/me', { marketing_consent: false }), 'consent change');
  await ok(my('POST', '/api/me/calendar-feed'), 'calendar feed');
  await ok(call(t, { url: '/api/beta-applications', body: { name, email: me.email, company: '개인정보 상사', service: 'ai-chatbot' } }), 'beta');

  // A seed they own, a buddy member and an invitation to an outside address.
  const seedId = (await ok<{ data: { id: string } }>(my('POST', '/api/seeds', { seed_name: `${name}의 시드` }), 'seed')).data.id;
  const base = `/api/seeds/${seedId}`;
  const buddy = await signedIn(t, { fullName: '식사친구' });
  await addMember(t.database.db, seedId, buddy.id, 'member');
  await minutePassed(t, me.email);
  await ok(my('POST', `${base}/invitations`, { email: uniqueEmail('invitee'), role: 'member' }), 'invitation');
  if (opts.joinSeedOf) {
    const token = await inviteAndGetToken(t, opts.joinSeedOf.token, opts.joinSeedOf.seedId, me.email, 'member');
    await ok(my('POST', '/api/seed-invitations/accept', { token }), 'accept invitation');
  }

  // A room and a booking with attendees (themselves, the buddy, and the other person when joining their seed).
  const roomId = (
    await ok<{ data: { id: string } }>(
      my('POST', `${base}/rooms`, {
        name: '소회의실',
        location: '2층',
        capacity: 6,
        equipment: [],
        openMinute: 0,
        closeMinute: 1440,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        // Bookable on public holidays too, so the kit's bookings a few days ahead never land on a closed day.
        openOnHolidays: true,
      }),
      'room',
    )
  ).data.id;
  const start = slotStart(t.app.ctx.now(), 26, 1);
  const attendees = [me.email, buddy.email, ...(opts.joinSeedOf ? [opts.joinSeedOf.email] : [])];
  const booking = await ok<{ data: { id: string } }>(
    my('POST', `${base}/bookings`, {
      roomId,
      title: `${name} 회의`,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
      attendees,
    }),
    'booking',
  );

  // A meal round they host, joined by the buddy, closed: the buddy owes them, and pays part (ledger).
  const now = t.app.ctx.now();
  const seoulDay = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const meal = await ok<{ data: { id: string; options: { id: string }[] } }>(
    my('POST', `${base}/meals`, {
      title: `${name} 점심`,
      date: seoulDay,
      deadline: new Date(now.getTime() + 30 * 60_000).toISOString(),
      mode: 'menu',
      options: [{ name: '비빔밥', price: 10000 }],
      split: 'even',
    }),
    'meal',
  );
  for (const tok of [me.token, buddy.token])
    await ok(api(t, tok)('POST', `${base}/meals/${meal.data.id}/join`, { choice: meal.data.options[0]!.id }), 'join meal');
  await ok(my('POST', `${base}/meals/${meal.data.id}/close`), 'close meal');
  await ok(my('POST', `${base}/meal-ledger/settlements`, { fromUserId: buddy.id, toUserId: me.id, amount: 4000 }), 'settlement');

  // A chatbot with a FAQ entry (a knowledge source they created); they visit it and hand off with their e-mail.
  const botId = (await ok<{ id: string }>(my('POST', `${base}/chatbots`, { name: `${name} 상담봇`, allowedOrigins: [KIT_SHOP] }), 'bot')).id;
  await ok(my('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', question: '배송비는 얼마인가요?', answer: '3,000원입니다.' }), 'faq');
  const visitor = async (method: 'POST', url: string, token?: string, body?: unknown) => {
    const r = await t.app.inject({
      method,
      url,
      remoteAddress: `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      headers: { origin: KIT_SHOP, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: r.statusCode, body: r.json() as unknown };
  };
  const conv = await ok<{ conversationId: string; token: string }>(visitor('POST', `/api/chatbot/${botId}/conversations`), 'conversation');
  const cpath = `/api/chatbot/${botId}/conversations/${conv.conversationId}`;
  await ok(visitor('POST', `${cpath}/messages`, conv.token, { text: '배송비 얼마예요?' }), 'chat message');
  await ok(visitor('POST', `${cpath}/handoff`, conv.token, { email: me.email, name, message: `${phone}로 연락 주세요` }), 'handoff');

  // The seed's business details (세금계산서 contact: their e-mail).
  await ok(
    call(t, {
      method: 'PUT',
      url: `${base}/billing/business`,
      token: me.token,
      body: {
        businessNumber: businessNumber(),
        name: '주식회사 정보',
        ceo: name,
        businessType: '서비스업',
        businessItem: '소프트웨어',
        address: '서울특별시 중구 세종대로 110',
        email: me.email,
      },
    }),
    'business details',
  );

  // API builder and admin builder rows (a live customer database is needed to make them through the API).
  const db = t.database.db;
  const [conn] = await db
    .insert(apiConnections)
    .values({
      seedId,
      name: '고객 DB',
      engine: 'postgres',
      host: 'db.example',
      port: 5432,
      database: 'shop',
      username: 'reader',
      passwordEnc: 'sealed',
      createdBy: me.id,
    })
    .returning({ id: apiConnections.id });
  const [def] = await db.insert(apiDefinitions).values({ seedId, connectionId: conn!.id }).returning({ id: apiDefinitions.id });
  await db.insert(apiKeys).values({ seedId, apiId: def!.id, name: `${name}의 키`, keyHash: randomBytes(32).toString('hex'), keyPrefix: 'sk_test' });
  await db.insert(adminApps).values({ seedId, name: `${name} 관리자`, connectionId: conn!.id, apiId: def!.id, tables: ['orders'], createdBy: me.id });
  await db.insert(slackWorkspaces).values({
    seedId,
    teamId: `T${digits(9)}`,
    teamName: `${name} 워크스페이스`,
    installedBy: me.id,
    installerSlackUserId: `U${digits(9)}`,
    settings: {} as never,
  });

  // A second session (another device).
  await loginAs(t, me.email);
  return {
    id: me.id,
    email: me.email,
    name,
    phone,
    password: GOOD_PASSWORD,
    token: me.token,
    seedId,
    botId,
    bookingId: booking.data.id,
    mealId: meal.data.id,
    conversationId: conv.conversationId,
    buddy: { id: buddy.id, email: buddy.email, token: buddy.token },
  };
}
