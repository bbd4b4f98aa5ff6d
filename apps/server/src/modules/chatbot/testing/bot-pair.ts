import type { TTestContext } from '../../../test/helpers.ts';
import { api } from '../../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../../meal/testing/meal-test-kit.ts';

export const SHOP = 'https://shop.example';

/** A seed with one member and two bots allowed on SHOP ('그릇가게' and '다른 봇'): the tokens, the seed's base path and the bots' ids. */
export async function seedWithTwoBots(t: TTestContext): Promise<{ base: string; owner: string; member: string; botId: string; otherBotId: string }> {
  const s = await seedWithMembers(t, 1);
  const owner = s.owner.token;
  const botId = (await api(t, owner)('POST', `${s.base}/chatbots`, { name: '그릇가게', allowedOrigins: [SHOP] })).body.id as string;
  const otherBotId = (await api(t, owner)('POST', `${s.base}/chatbots`, { name: '다른 봇', allowedOrigins: [SHOP] })).body.id as string;
  return { base: s.base, owner, member: s.members[0]!.token, botId, otherBotId };
}
