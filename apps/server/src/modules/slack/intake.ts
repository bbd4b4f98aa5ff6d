/**
 * What happens to a verified event after the ack. The HTTP handler only checks the signature, claims the event_id in
 * the shared state and hands the event here, so the ack needs no database round trip (Slack wants it within 3 s; the
 * embedded database is one connection shared with the worker). Events are written in arrival order, mentions in one
 * multi-row insert per batch; a batch runs as soon as the previous one finished. On close the buffer is drained
 * before the database closes; only a hard crash within a batch's few milliseconds can lose an acknowledged event.
 *
 * On the embedded PGlite a statement runs on the event loop itself, so a batch written in the middle of a burst of
 * events held up the acks still arriving (issue 18: ack p99 ≤ 50 ms). There the intake first lets the burst pass:
 * it writes once no event arrived for `settle.quietMs`, or `settle.maxMs` after the batch's first event, whichever
 * comes first. That widens the crash window above by about `maxMs` (plus one quiet check); on PostgreSQL nothing waits.
 */
import type { TDb } from '../../db/client.ts';
import type { TMentionPayload } from './assistant.ts';
import { routeWhereItAnswers } from './dm.ts';
import { markTouched, threadTouched } from './conversations-index.ts';
import * as repo from './slack.repository.ts';
import type { TWorker } from './worker.ts';

export type TIntakeItem = { teamId: string; eventId: string; type: string; event: TEventFields };

export type TEventFields = {
  subtype?: string | undefined;
  channel: string;
  user?: string | undefined;
  bot_id?: string | undefined;
  text?: string | undefined;
  ts?: string | undefined;
  thread_ts?: string | undefined;
  message?: { ts: string; text?: string | undefined } | undefined;
  deleted_ts?: string | undefined;
  previous_message?: { ts: string } | undefined;
  /** Set for the message shortcut: the event is a summary request. */
  shortcut?: boolean;
  /** Direct messages and the Assistant panel (decision 086). */
  channel_type?: string | undefined;
  assistant_thread?: { user_id: string; channel_id: string; thread_ts: string; context?: { channel_id?: string | undefined } | undefined } | undefined;
};

const allowed = (ws: repo.TWorkspaceRow, channel: string) => ws.settings.channels.length === 0 || ws.settings.channels.includes(channel);

export function createIntake(
  db: TDb,
  now: () => Date,
  worker: Pick<TWorker, 'enqueue' | 'track'>,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  settle?: { quietMs: number; maxMs: number },
) {
  let buffer: TIntakeItem[] = [];
  let running: Promise<void> | null = null;
  let lastPush = 0;

  async function mirror(ws: repo.TWorkspaceRow, e: TEventFields) {
    const touched = await threadTouched(db, ws, e); // decision 085: the thread is re-indexed after the change
    await apply(ws, e);
    await markTouched(db, ws, e.channel, touched, now());
  }

  async function apply(ws: repo.TWorkspaceRow, e: TEventFields) {
    if (e.subtype === 'message_changed' && e.message) {
      await repo.editMessage(db, ws.id, e.channel, e.message.ts, e.message.text ?? '', now());
    } else if (e.subtype === 'message_deleted') {
      const ts = e.deleted_ts ?? e.previous_message?.ts;
      if (ts) await repo.deleteMessage(db, ws.id, e.channel, ts);
    } else if ((!e.subtype || e.subtype === 'thread_broadcast' || e.subtype === 'bot_message') && e.ts && e.text !== undefined) {
      await repo.upsertMessage(
        db,
        {
          workspaceId: ws.id,
          channel: e.channel,
          ts: e.ts,
          threadTs: e.thread_ts ?? e.ts,
          slackUserId: e.user ?? e.bot_id ?? '',
          text: e.text,
        },
        now(),
      );
    }
  }

  async function batch(items: TIntakeItem[]) {
    const teams = new Map<string, repo.TWorkspaceRow | undefined>();
    const team = async (id: string) => {
      if (!teams.has(id)) teams.set(id, await repo.findWorkspaceByTeam(db, id));
      return teams.get(id);
    };
    const mentions: Parameters<typeof repo.insertEvents>[1] = [];
    for (const it of items) {
      if (it.type === 'app_uninstalled' || it.type === 'tokens_revoked') {
        const ws = await team(it.teamId);
        await repo.disconnectTeam(db, it.teamId, now());
        teams.delete(it.teamId);
        if (ws) mentions.push({ workspaceId: ws.id, eventId: it.eventId, kind: 'uninstall', status: 'answered', question: it.type });
        log.info({ teamId: it.teamId, type: it.type }, 'slack workspace disconnected by Slack');
        continue;
      }
      const ws = await team(it.teamId);
      const e = it.event;
      // DMs, the Assistant panel, thread follow-ups (decision 086, dm.ts): true when nothing more is to be done.
      if (ws?.status === 'active' && (await routeWhereItAnswers(db, ws, it, mentions, now()))) continue;
      if (!ws || ws.status !== 'active' || !allowed(ws, e.channel)) continue;
      if ((it.type === 'app_mention' || e.shortcut) && e.ts) {
        const payload: TMentionPayload = {
          channel: e.channel,
          ts: e.ts,
          thread_ts: e.thread_ts,
          text: e.shortcut ? '요약' : (e.text ?? ''),
          user: e.user ?? '',
        };
        mentions.push({
          workspaceId: ws.id,
          eventId: it.eventId,
          kind: e.shortcut ? 'summary' : 'mention',
          channel: e.channel,
          threadTs: e.thread_ts ?? e.ts,
          slackUserId: e.user ?? '',
          question: e.shortcut ? '요약 (메시지 바로가기)' : (e.text ?? '').replaceAll(`<@${ws.botUserId}>`, '').trim().slice(0, 4000),
          payload,
        });
        // The mention's own message reaches the mirror as its `message` event (Slack sends both).
      } else if (it.type === 'message') {
        await mirror(ws, e);
      }
    }
    // Unique event_id: a retry that slipped past the shared-state claim is dropped here.
    for (const row of await repo.insertEvents(db, mentions)) if (row.status === 'pending') worker.enqueue(row.id);
  }

  /** Resolves once the events stop arriving (see above); at once without `settle`. */
  async function settled() {
    if (!settle) return;
    // eslint-disable-next-line no-restricted-syntax -- elapsed time of the settle loop; intake.test drives it with fake timers (Date)
    const first = Date.now();
    // eslint-disable-next-line no-restricted-syntax -- elapsed time of the settle loop; intake.test drives it with fake timers (Date)
    while (Date.now() - lastPush < settle.quietMs && Date.now() - first < settle.maxMs) {
      await new Promise((r) => setTimeout(r, settle.quietMs));
    }
  }

  async function drain() {
    while (buffer.length) {
      // Before every batch: events that arrived while the previous one was written may still be arriving.
      await settled();
      const items = buffer;
      buffer = [];
      try {
        await batch(items);
      } catch (e) {
        log.error({ err: (e as Error).message, events: items.map((i) => i.eventId) }, 'slack intake: events could not be stored');
      }
    }
    running = null;
  }

  return {
    /** Events arrived within the last 30 ms. */
    // eslint-disable-next-line no-restricted-syntax -- elapsed time since the last event (see settled())
    arriving: () => Date.now() - lastPush < 30,
    push(item: TIntakeItem) {
      // eslint-disable-next-line no-restricted-syntax -- elapsed time since the last event (see settled())
      lastPush = Date.now();
      buffer.push(item);
      if (!running) {
        running = Promise.resolve().then(drain);
        worker.track(() => running ?? Promise.resolve());
      }
    },
    /** Waits for buffered events to be stored (close, tests). */
    async flush() {
      while (running || buffer.length) {
        running ??= drain();
        await running;
      }
    },
  };
}

export type TIntake = ReturnType<typeof createIntake>;
