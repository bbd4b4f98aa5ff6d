/**
 * Fairness in the open (issue 38): a game round opened in a seed with a connected Slack workspace posts its commitment
 * in a channel before anyone can join, and the draw's reveal in that message's thread with the public verify link.
 * Posted through the Slack module's service (slack-post.service.ts); a Slack failure never fails the round (logged;
 * the round keeps slack_channel with a null slack_ts, which the screens show as "not published").
 */
import { isGameSplit, type TMealSplit } from '@suite/shared/schemas/meal';
import type { TMealSlackChannels } from '@suite/shared/schemas/meal-verify';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import { byUserId } from './meal.fairness.ts';
import { formatSeoul } from './meal.notify.ts';
import * as repo from './meal.repository.ts';

const f = koMealFairness;

/** The public verify page of a round (works signed out). */
export const verifyUrl = (deps: Pick<TMealDeps, 'appUrl'>, mealId: string) => `${deps.appUrl}/meal/verify/${mealId}`;

/**
 * A name as the public sees it: each word keeps its first letter, and its last when it has three or more; the rest
 * becomes '*' ("김민수" → "김*수", "이수" → "이*", "Ann Lee" → "A*n L*e"). Never an e-mail address.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const masked = words.map((w) => {
    const chars = [...w];
    if (chars.length <= 1) return w;
    if (chars.length === 2) return `${chars[0]}*`;
    return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
  });
  return masked.join(' ');
}

/** Public labels of the joined participants (ordered by user id): the masked name, or "참여자 N" without one. */
export function publicLabels(joined: { name: string }[]): string[] {
  return joined.map((p, i) => maskName(p.name) || `참여자 ${i + 1}`);
}

/** Slack's mrkdwn control characters in text that people typed (titles, client seeds). */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The channel a new round posts its commitment in: null when the round is not a game or the seed has no workspace
 * that can post; else the channel asked for, else the first channel chosen in the Slack console. Without either the
 * round is refused (400 on slackChannel): a game in a seed with Slack publishes its commitment.
 */
export async function channelForNewRound(deps: TMealDeps, seedId: string, split: TMealSplit, asked: string | undefined): Promise<string | null> {
  if (!isGameSplit(split) || !deps.slack) return null;
  const ws = await deps.slack.workspace(seedId);
  if (!ws) return null;
  const channel = asked?.trim() || ws.channels[0];
  if (!channel) throw new AppError('BAD_REQUEST', f.server.channelRequired, { details: [{ path: 'slackChannel', message: f.server.channelRequired }] });
  return channel;
}

/**
 * After the round's transaction, before the answer (and before the round is announced to anyone): posts the
 * commitment and stores its ts. Returns the ts, or null when it could not be posted (logged, never thrown).
 */
export async function postCommitment(deps: TMealDeps, meal: repo.TMealRow): Promise<string | null> {
  if (!deps.slack || !meal.slackChannel || !meal.commitment) return null;
  const text = f.slack.commit({
    title: esc(meal.title),
    date: meal.mealDate,
    deadline: formatSeoul(meal.deadline),
    payerCount: meal.payerCount,
    commitment: meal.commitment,
    url: verifyUrl(deps, meal.id),
  });
  try {
    const ts = await deps.slack.post(meal.seedId, { channel: meal.slackChannel, text });
    if (!ts) {
      deps.log.warn({ mealId: meal.id }, 'meal: commitment not posted to Slack (no workspace)');
      return null;
    }
    await repo.updateMeal(deps.db, meal.id, { slackTs: ts });
    return ts;
  } catch (err) {
    deps.log.warn({ err, mealId: meal.id, channel: meal.slackChannel }, 'meal: commitment not posted to Slack');
    return null;
  }
}

/** After the draw's transaction: the reveal in the commitment's thread (failures only logged). */
export async function postReveal(deps: TMealDeps, meal: repo.TMealRow, parts: repo.TParticipantRow[]): Promise<void> {
  if (!deps.slack || !meal.slackChannel || !meal.serverSeed || !meal.h || !meal.payers) return;
  const joined = byUserId(parts.filter((p) => p.status === 'joined'));
  const labels = publicLabels(joined);
  const text = f.slack.reveal({
    serverSeed: meal.serverSeed,
    h: meal.h,
    seeds: joined.map((p, i) => ({ label: esc(labels[i]!), clientSeed: esc(p.clientSeed ?? '') })),
    payers: meal.payers.map((p) => ({ no: p.index + 1, label: esc(labels[p.index] ?? '') })),
    url: verifyUrl(deps, meal.id),
  });
  try {
    // Without the commitment's ts (it could not be posted) the reveal still goes to the channel, unthreaded.
    await deps.slack.post(meal.seedId, { channel: meal.slackChannel, text, threadTs: meal.slackTs });
  } catch (err) {
    deps.log.warn({ err, mealId: meal.id, channel: meal.slackChannel }, 'meal: reveal not posted to Slack');
  }
}

/**
 * After an open game round is cancelled: says so in the commitment's thread, so the published commitment is not left
 * waiting for a reveal that will never come (the server seed is not revealed: nobody was drawn). Failures only logged.
 */
export async function postCancelled(deps: TMealDeps, meal: repo.TMealRow): Promise<void> {
  if (!deps.slack || !meal.slackChannel || !meal.slackTs) return;
  try {
    await deps.slack.post(meal.seedId, { channel: meal.slackChannel, text: f.slack.cancelled(esc(meal.title)), threadTs: meal.slackTs });
  } catch (err) {
    deps.log.warn({ err, mealId: meal.id, channel: meal.slackChannel }, 'meal: cancellation not posted to Slack');
  }
}

/** The round form's question: will a game round post to Slack, and where by default (seed members). */
export async function slackChannelsOf(deps: TMealDeps, actor: { id: string }, seedId: string): Promise<TMealSlackChannels> {
  await seedFor(deps.db, seedId, actor.id);
  const ws = deps.slack ? await deps.slack.workspace(seedId) : null;
  if (!ws) return { connected: false, teamName: null, channels: [], defaultChannel: null };
  return { connected: true, teamName: ws.teamName, channels: ws.channels, defaultChannel: ws.channels[0] ?? null };
}

/** The round's Slack state for the console (null when it was not meant for Slack). */
export const slackOf = (meal: repo.TMealRow) => (meal.slackChannel ? { channel: meal.slackChannel, ts: meal.slackTs } : null);
