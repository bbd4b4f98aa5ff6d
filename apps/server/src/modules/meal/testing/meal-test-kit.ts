/** Helpers for the meal-manager tests and the chatbot and knowledge tests that use a meal seed (not a test file itself). */
import { eq } from 'drizzle-orm';
import { devOutbox } from '../../../db/schema.ts';
import type { TTestContext } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { addMember } from '../../seeds/seeds.repository.ts';

/** A seed with an owner and `others` members, all signed in. */
export async function seedWithMembers(t: TTestContext, others: number) {
  const owner = await signedIn(t, { fullName: '김주최' });
  const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '점심 팀' })).body.data as { id: string };
  const names = ['이하나', '박두리', '최세나', '정네오', '한다섯', '윤여섯'];
  const members = [];
  for (let i = 0; i < others; i++) {
    const m = await signedIn(t, { fullName: names[i % names.length]! });
    await addMember(t.database.db, seed.id, m.id, 'member');
    members.push(m);
  }
  return { owner, members, seedId: seed.id, base: `/api/seeds/${seed.id}` };
}

export const inMinutes = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

export async function mailsTo(t: TTestContext, to: string) {
  return t.database.db.select().from(devOutbox).where(eq(devOutbox.toAddress, to.toLowerCase()));
}

type TSeedWithMembers = Awaited<ReturnType<typeof seedWithMembers>>;

/** A round with one menu option split evenly, opened by the owner, that the owner and every member join; the round as created. */
export async function evenRoundAllJoined(
  t: TTestContext,
  s: Pick<TSeedWithMembers, 'owner' | 'members' | 'base'>,
  round: { title: string; date: string; deadline: string; option: { name: string; price: number } },
) {
  const meal = (
    await api(t, s.owner.token)('POST', `${s.base}/meals`, {
      title: round.title,
      date: round.date,
      deadline: round.deadline,
      mode: 'menu',
      options: [round.option],
      split: 'even',
    })
  ).body.data;
  for (const u of [s.owner, ...s.members]) await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id });
  return meal;
}
