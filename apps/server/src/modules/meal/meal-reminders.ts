/**
 * Payment reminders (issue 38, `meal.payment-reminders`, hourly on the job runner): each member who still owes in a
 * seed's meal ledger gets one reminder — the amount, to whom, and the ledger's 송금 links — on the seed's schedule:
 * every `reminder_every_days` days (0: never) at `reminder_hour` in Asia/Seoul (defaults 3 and 10 without a settings
 * row), the days counted from the debt's oldest unpaid charge. The first notice three days after a round is the
 * unpaid-share notice (meal-unpaid.ts, kept), so reminders start after it: on day d when d > 3 and d % every = 0.
 * A run at or after the hour sends the day's reminder (a missed hourly run is caught by the next); the notice's key
 * is per seed, person and Seoul day, so two instances running at once, or the same day's later runs, send one.
 * Reminders stop once the person's balance is ≥ 0 (they are no longer a debtor).
 */
import { ko } from '@suite/shared';
import { notify } from '../notifications/notifications.service.ts';
import { COMPANY, seedBalances } from './meal-ledger.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import { settleUp } from './meal.ledger-math.ts';
import { LEDGER_LINK } from './meal.notify.ts';
import * as meals from './meal.repository.ts';
import * as repo from './meal-transfers.repository.ts';

const DAY_MS = 86_400_000;
const SEOUL_MS = 9 * 3_600_000;
/** Days after a round covered by the unpaid-share notice (its UNPAID_AFTER_MS); reminders begin after them. */
export const FIRST_NOTICE_DAYS = 3;

/** The number of the Seoul calendar day of `d` (days since 1970-01-01 in Asia/Seoul). */
const seoulDay = (d: Date) => Math.floor((d.getTime() + SEOUL_MS) / DAY_MS);
const seoulDate = (d: Date) => new Date(d.getTime() + SEOUL_MS).toISOString().slice(0, 10);

type TLedgerRow = Pick<Awaited<ReturnType<typeof repo.ledgerTimeline>>[number], 'kind' | 'fromUserId' | 'toUserId' | 'amount' | 'createdAt'>;

/**
 * When the oldest part of `userId`'s debt was charged: money they owe (a charge to them, a settlement they received)
 * queues up oldest first; money in their favour (a charge they are owed, a settlement they paid) pays it off from the
 * oldest. Null when nothing is left owing.
 */
export function oldestUnpaid(rows: TLedgerRow[], userId: string): Date | null {
  const queue: { amount: number; at: Date }[] = [];
  let surplus = 0;
  for (const r of rows) {
    const owes = r.kind === 'charge' ? r.fromUserId === userId : r.toUserId === userId;
    const owed = r.kind === 'charge' ? r.toUserId === userId : r.fromUserId === userId;
    if (owes && !owed) {
      const covered = Math.min(surplus, r.amount);
      surplus -= covered;
      if (r.amount > covered) queue.push({ amount: r.amount - covered, at: r.createdAt });
    } else if (owed && !owes) {
      let credit = r.amount;
      while (credit > 0 && queue.length) {
        const head = queue[0]!;
        const paid = Math.min(credit, head.amount);
        head.amount -= paid;
        credit -= paid;
        if (head.amount === 0) queue.shift();
      }
      surplus += credit;
    }
  }
  return queue[0]?.at ?? null;
}

/** Whether a reminder is due on Seoul day `today` for a debt whose oldest unpaid charge was on day `since`. */
export function reminderDue(since: number, today: number, everyDays: number): boolean {
  const d = today - since;
  return everyDays > 0 && d > FIRST_NOTICE_DAYS && d % everyDays === 0;
}

/** One pass: asks for the reminders due now; returns how many it asked for (repeats are no-ops in the notification service). */
export async function sendPaymentReminders(deps: TMealDeps): Promise<number> {
  const now = deps.now();
  const hour = new Date(now.getTime() + SEOUL_MS).getUTCHours();
  const today = seoulDay(now);
  const n = ko.meal.transfers.notices;
  let asked = 0;
  for (const seed of await repo.seedsWithLedgers(deps.db)) {
    if (seed.everyDays <= 0 || hour < seed.hour) continue;
    const balances = await seedBalances(deps.db, seed.seedId);
    const debtors = [...balances].filter(([id, b]) => id !== COMPANY && b < 0).map(([id]) => id);
    if (debtors.length === 0) continue;
    const rows = await repo.ledgerTimeline(deps.db, seed.seedId);
    const due = debtors.filter((id) => {
      const since = oldestUnpaid(rows, id);
      return since !== null && reminderDue(seoulDay(since), today, seed.everyDays);
    });
    if (due.length === 0) continue;
    const transfers = settleUp(balances);
    const names = new Map(
      (
        await meals.usersByIds(
          deps.db,
          transfers.flatMap((t) => [t.from, t.to]).filter((id) => id !== COMPANY),
        )
      ).map((u) => [u.id, u.name]),
    );
    const nameOf = (id: string) => (id === COMPANY ? ko.meal.csv.company : (names.get(id) ?? ''));
    for (const userId of due) {
      const mine = transfers.filter((t) => t.from === userId);
      const total = -(balances.get(userId) ?? 0);
      try {
        await notify(deps.notifications, 'meal.payment-reminder', {
          userId,
          seedId: seed.seedId,
          title: n.reminderTitle(total),
          body: n.reminderBody(
            mine.map((t) => n.reminderLine(nameOf(t.to), t.amount)),
            total,
          ),
          link: LEDGER_LINK,
          dedupeKey: `meal.payment-reminder:${seed.seedId}:${userId}:${seoulDate(now)}`,
        });
        asked += 1;
      } catch (err) {
        deps.log.warn({ err, seedId: seed.seedId }, 'meal: payment reminder failed');
      }
    }
  }
  return asked;
}
