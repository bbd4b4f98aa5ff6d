/**
 * Minutes → decisions and action items (issue 37). Saving a booking's minutes enqueues a job (kind
 * rooms.minutes-items, key minutes:<bookingId>) in the save's own transaction; the job reads the minutes with the
 * language model the Slack assistant uses (LLM_BASE_URL / LLM_MODEL, an OpenAI-compatible API) when one is configured,
 * else — or when the model fails or answers something unreadable — with the rule-based reader
 * (action-items.extract.ts). The result replaces the booking's previous one and reaches the members who met (the
 * organizer and attendees with an account) through the notification service, once per text of the minutes.
 */
import { z } from 'zod';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import type { TMinutesItems } from '@suite/shared/schemas/rooms-door';
import type { TLlm } from '../../adapters/llm.ts';
import type { TTx } from '../../db/client.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { sha256 } from '../../lib/tokens.ts';
import { notify } from '../notifications/notifications.service.ts';
import { formatSlot, seoulParts } from './booking-time.ts';
import * as arepo from './action-items.repository.ts';
import * as brepo from './bookings.repository.ts';
import { extractMinutes, minutesItemsText, ownerOf, type TExtracted, type TPerson } from './action-items.extract.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';
import { bookingLink } from './rooms.notify.ts';

export const MINUTES_ITEMS_KIND = 'rooms.minutes-items';
const t = koRoomsDoor.minutes;

/** Called where minutes are saved, inside that transaction: the extraction runs on the job runner. */
export async function enqueueMinutesItems(deps: Pick<TRoomsDeps, 'jobs' | 'now'> & { db: TTx }, bookingId: string): Promise<void> {
  await deps.jobs.enqueue(deps.db, { kind: MINUTES_ITEMS_KIND, key: `minutes:${bookingId}`, payload: { bookingId }, runAt: deps.now(), maxAttempts: 3 });
}

export async function findMinutesItems(db: TTx, bookingId: string): Promise<TMinutesItems | null> {
  const row = await arepo.findItems(db, bookingId);
  if (!row) return null;
  return {
    decisions: row.decisions,
    actions: row.actions.map((a) => ({ text: a.text, owner: a.ownerName ? { userId: a.ownerUserId, name: a.ownerName } : null, due: a.due })),
    source: row.source === 'llm' ? 'llm' : 'rules',
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ZLlmAnswer = z.object({
  decisions: z.array(z.string().trim().min(1).max(300)).max(30),
  actions: z
    .array(
      z.object({
        text: z.string().trim().min(1).max(300),
        owner: z.string().trim().max(100).nullish(),
        due: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .nullish(),
      }),
    )
    .max(30),
});

function prompt(minutes: string, meetingDate: string, people: TPerson[]) {
  const names = people.map((p) => (p.name ? `${p.name} <${p.email}>` : p.email)).join(', ');
  return [
    {
      role: 'system' as const,
      content: [
        '당신은 회사 회의록을 정리하는 비서입니다. 회의록에서 결정 사항과 할 일을 뽑습니다.',
        '반드시 JSON 하나만 답하세요: {"decisions": ["…"], "actions": [{"text": "…", "owner": "담당자 이름 또는 null", "due": "YYYY-MM-DD 또는 null"}]}.',
        `회의 날짜는 ${meetingDate}(Asia/Seoul)입니다. '금요일까지'처럼 쓴 기한은 이 날짜 기준의 실제 날짜로 바꾸세요.`,
        `담당자는 가능하면 참석자 중에서 고르세요: ${names || '(없음)'}.`,
        '회의록에 없는 내용은 지어내지 마세요. 해당 항목이 없으면 빈 배열로 두세요.',
      ].join('\n'),
    },
    { role: 'user' as const, content: minutes.slice(0, 24_000) },
  ];
}

/** The model's answer as items, owners matched to the attendees; undefined when it is not the JSON asked for. */
function readLlmAnswer(text: string, people: TPerson[]): TExtracted | undefined {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const ok = ZLlmAnswer.safeParse(parsed);
  if (!ok.success) return undefined;
  return {
    decisions: ok.data.decisions,
    actions: ok.data.actions.map((a) => {
      const owner = a.owner ? (ownerOf(a.owner, people) ?? { userId: null, name: a.owner }) : null;
      return { text: a.text, ownerUserId: owner?.userId ?? null, ownerName: owner?.name ?? null, due: a.due ?? null };
    }),
  };
}

async function extract(deps: TRoomsDeps, llm: TLlm, row: brepo.TBookingRow): Promise<{ items: TExtracted; source: 'llm' | 'rules' }> {
  const meetingDate = seoulParts(row.b.startsAt).date;
  const people: TPerson[] = [
    { userId: row.b.organizerId, name: row.organizerName, email: row.organizerEmail },
    ...row.b.attendees.map((a) => ({ userId: a.userId ?? null, name: a.name ?? null, email: a.email })),
  ];
  if (llm.enabled) {
    try {
      const answer = await llm.complete(prompt(row.b.minutes, meetingDate, people));
      const items = readLlmAnswer(answer.text, people);
      if (items) return { items, source: 'llm' };
      deps.log.warn('rooms: the model did not answer minutes items as JSON; rule-based reading used');
    } catch (err) {
      deps.log.warn({ err }, 'rooms: minutes items by the model failed; rule-based reading used');
    }
  }
  return { items: extractMinutes(row.b.minutes, meetingDate, people), source: 'rules' };
}

async function run(deps: TRoomsDeps, llm: TLlm, bookingId: string): Promise<void> {
  const row = await brepo.findBookingById(deps.db, bookingId);
  if (!row) return;
  if (!row.b.minutes.trim()) {
    await arepo.deleteItems(deps.db, bookingId);
    return;
  }
  const hash = sha256(row.b.minutes);
  const stored = await arepo.findItems(deps.db, bookingId);
  if (stored?.minutesHash !== hash) {
    const { items, source } = await extract(deps, llm, row);
    const values = { decisions: items.decisions, actions: items.actions, source, minutesHash: hash, updatedAt: deps.now() };
    await arepo.saveItems(deps.db, bookingId, row.b.seedId, values);
    await publish(deps, row.b.seedId, { type: 'updated', bookingId, roomId: row.b.roomId });
  }
  // The notices (again after a retry: each is written once per minutes text).
  const saved = await arepo.findItems(deps.db, bookingId, hash);
  if (!saved || (saved.decisions.length === 0 && saved.actions.length === 0)) return;
  const body = `${row.b.title} (${row.roomName}, ${formatSlot(row.b.startsAt, row.b.endsAt)})\n\n${minutesItemsText(saved)}`;
  const members = [...new Set([row.b.organizerId, ...row.b.attendees.flatMap((a) => (a.userId ? [a.userId] : []))])];
  for (const userId of members) {
    await notify(deps.notifications, 'rooms.minutes-items', {
      userId,
      seedId: row.b.seedId,
      title: t.noticeTitle(row.b.title),
      body,
      link: bookingLink(row),
      dedupeKey: `rooms-minutes-items:${bookingId}:${hash}`,
    });
  }
}

export function registerMinutesItemsJob(deps: TRoomsDeps, jobs: Pick<TJobRunner, 'register'>, llm: TLlm): void {
  jobs.register(MINUTES_ITEMS_KIND, (payload) => run(deps, llm, String(payload.bookingId ?? '')));
}
