/**
 * The help centre's own chatbot (issue 33, 문의하기): the suite answers its customers with the same customer chatbot
 * they install, over the help articles.
 *
 * - A system account (`help-bot@system.invalid`, status 'system', no password, no identity) owns one seed with one
 *   bot. The account can never sign in (session and credential checks refuse 'system') and is never listed, counted
 *   or mailed (like an erased account's tombstone).
 * - Each article is one FAQ entry of the bot: question = title, phrasings = the article's `questions`, answer = its
 *   summary and a line `자세히 보기: {APP_URL}/help/{slug}`, cited with that page's address. The sync creates what is
 *   missing, updates what changed and removes what is gone; it runs as the job `help.sync-bot`, enqueued at start-up
 *   (one pending job at a time) and guarded by a short cluster-wide claim, so instances starting together do it once.
 *
 * Everything goes through the owning modules' services (auth, seeds, chatbot, knowledge).
 */
import { ko } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { findUserByEmail, insertUser } from '../auth/auth.service.ts';
import { botsOfSeed, createBot } from '../chatbot/chatbot.service.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import { createSeed, listSeeds } from '../seeds/seeds.service.ts';
import type { THelpArticleDoc } from './articles.ts';

const t = ko.help.bot;

export const HELP_BOT_EMAIL = 'help-bot@system.invalid';
export const SYSTEM_STATUS = 'system';
export const SYNC_KIND = 'help.sync-bot';
export const SYNC_KEY = 'help:sync-bot';
/** How long one instance holds the sync (a second one meanwhile fails and is retried by the job runner). */
export const SYNC_CLAIM_MS = 2 * 60_000;

export type THelpBot = { userId: string; seedId: string; botId: string };
export type THelpBotDeps = {
  db: TDb;
  config: Pick<TConfig, 'appUrl'>;
  refetch: knowledge.TRefetch;
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
};

/** The FAQ entry an article becomes. */
export function faqOf(appUrl: string, a: THelpArticleDoc): { url: string; question: string; answer: string; phrasings: string[] } {
  const url = `${appUrl.replace(/\/+$/, '')}/help/${a.slug}`;
  const question = a.title.slice(0, 300);
  const phrasings = [...new Set(a.questions.map((q) => q.trim().slice(0, 300)).filter((q) => q && q !== question))].slice(0, knowledge.MAX_PHRASINGS);
  return { url, question, answer: `${a.summary}\n${t.moreLink(url)}`, phrasings };
}

/** The help bot as it stands, or null before the first sync (or when the address belongs to a real account). */
export async function findHelpBot(db: TDb): Promise<THelpBot | null> {
  const user = await findUserByEmail(db, HELP_BOT_EMAIL);
  if (!user || user.status !== SYSTEM_STATUS) return null;
  const seed = (await listSeeds(db, user.id)).find((s) => s.role === 'owner');
  if (!seed) return null;
  const [bot] = await botsOfSeed(db, seed.id);
  return bot ? { userId: user.id, seedId: seed.id, botId: bot.id } : null;
}

/** Creates whatever of account, seed and bot is missing; null when a real account holds the address. */
export async function ensureHelpBot(deps: THelpBotDeps): Promise<THelpBot | null> {
  const { db } = deps;
  let user = await findUserByEmail(db, HELP_BOT_EMAIL);
  if (!user) {
    await insertUser(db, { email: HELP_BOT_EMAIL, fullName: t.systemName, passwordHash: null, status: SYSTEM_STATUS, role: 'user', emailVerified: false });
    user = await findUserByEmail(db, HELP_BOT_EMAIL);
  }
  if (!user || user.status !== SYSTEM_STATUS) {
    deps.log.error({ email: HELP_BOT_EMAIL }, 'help bot: the system address belongs to another account; 문의하기 stays off');
    return null;
  }
  const owned = (await listSeeds(db, user.id)).find((s) => s.role === 'owner');
  const seedId = owned?.id ?? (await createSeed(db, { id: user.id, ip: '127.0.0.1' }, { seed_name: t.seedName })).id;
  const [bot] = await botsOfSeed(db, seedId);
  const botId = bot?.id ?? (await createBot(db, user.id, seedId, { name: t.botName, greeting: t.greeting, allowedOrigins: [] })).id;
  return { userId: user.id, seedId, botId };
}

export type TSyncResult = { created: number; updated: number; removed: number };

/** Makes the bot's FAQ entries the articles' (idempotent: a second run with the same articles changes nothing). */
export async function syncHelpBot(deps: THelpBotDeps, articles: readonly THelpArticleDoc[]): Promise<THelpBot & TSyncResult> {
  const bot = await ensureHelpBot(deps);
  if (!bot) throw new Error('help bot: no system account');
  const { db } = deps;
  const want = articles.map((a) => faqOf(deps.config.appUrl, a));
  const have = await knowledge.listSources(db, bot.botId);
  const byUrl = new Map(have.filter((s) => s.type === 'faq' && s.url).map((s) => [s.url!, s]));
  const owner = { seedId: bot.seedId, chatbotId: bot.botId, userId: bot.userId };
  const result = { created: 0, updated: 0, removed: 0 };
  for (const w of want) {
    const h = byUrl.get(w.url);
    if (!h) {
      const input = { type: 'faq' as const, question: w.question, answer: w.answer, phrasings: w.phrasings };
      await knowledge.createSource(db, owner, input, { allowPrivateUrls: false, refetch: deps.refetch, faqUrl: w.url });
      result.created += 1;
    } else if (h.question !== w.question || h.answer !== w.answer || h.phrasings.join('\n') !== w.phrasings.join('\n')) {
      await knowledge.editFaq(db, bot.botId, h.id, { question: w.question, answer: w.answer, phrasings: w.phrasings });
      result.updated += 1;
    }
  }
  // Kept: the one entry per wanted address the loop above used; anything else (gone articles, duplicates) goes.
  const wanted = new Set(want.map((w) => w.url));
  const kept = new Set([...byUrl].filter(([url]) => wanted.has(url)).map(([, h]) => h.id));
  for (const h of have) {
    if (kept.has(h.id)) continue;
    await knowledge.removeSource(db, { chatbotId: bot.botId }, h.id);
    result.removed += 1;
  }
  deps.log.info({ botId: bot.botId, ...result }, 'help bot: articles synced');
  return { ...bot, ...result };
}

/** The job's handler: one instance at a time (a claim in the shared state); another one meanwhile is retried later. */
export async function runSyncJob(deps: THelpBotDeps, state: Pick<TSharedState, 'claim'>, articles: () => readonly THelpArticleDoc[]): Promise<void> {
  if (!(await state.claim(`${SYNC_KEY}:running`, SYNC_CLAIM_MS))) throw new Error('help bot: another instance is syncing');
  await syncHelpBot(deps, articles());
}
