/**
 * Background work of the Slack module, after the ack: stored mentions are worked a few at a time, at once and in
 * memory (an answer must not wait for a poll); a failed post is retried with backoff (5 attempts). The stored event
 * row is the persisted job: the job runner's schedules sweep events left pending by a crash or another instance's
 * restart ('slack.sweep-pending') and purge the message mirror by retention ('slack.mirror-retention'), through
 * sweepStale and purgeMirror below. A shared-state claim keeps two instances from working one event at once.
 * Everything stops on app close: retries cleared, the language model call aborted, in-flight work awaited.
 */
import type { TSharedState } from '../../state/shared-state.ts';
import { processEvent, type TRuntime } from './assistant.ts';
import { SlackApiError } from './slack-api.ts';
import * as repo from './slack.repository.ts';

const MAX_ATTEMPTS = 5;
/** New work waits while events are arriving (acks first), but never longer than this per wait. */
const MAX_YIELD_MS = 250;

export type TWorkerOptions = {
  /** Events worked at once: 1 on PGlite (one connection, queries run on the main thread), more on PostgreSQL. */
  concurrency: number;
  /** True while events are arriving: the worker lets the acks go first. */
  arriving?: () => boolean;
};

export function createWorker(rt: TRuntime, state: TSharedState, abort: AbortController, opts: TWorkerOptions) {
  const queue: string[] = [];
  const running = new Set<Promise<void>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const tries = new Map<string, number>();
  let closed = false;

  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    timers.add(t);
  };

  async function work(id: string) {
    if (!(await state.claim(`slack:work:${id}`, 5 * 60_000))) return;
    try {
      await processEvent(rt, id);
      tries.delete(id);
    } catch (e) {
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      rt.log.warn({ eventRowId: id, attempt: n, err: (e as Error).message }, 'slack event processing failed');
      // Slack refusing the request (bad token, channel not found...) will not change on a retry.
      const permanent = e instanceof SlackApiError && e.status !== 0 && e.status < 500 && e.slackError !== 'ratelimited';
      if (n >= MAX_ATTEMPTS || permanent || closed) {
        tries.delete(id);
        await repo.updateEvent(rt.db, id, { status: 'failed', error: (e as Error).message.slice(0, 500) }).catch(() => undefined);
      } else {
        await repo.updateEvent(rt.db, id, { error: (e as Error).message.slice(0, 500) }).catch(() => undefined);
        await state.reset(`slack:work:${id}`);
        later(() => enqueue(id), 1000 * 2 ** n);
      }
      return;
    }
    await state.reset(`slack:work:${id}`);
  }

  let yieldingSince = 0;
  let yieldTimer: ReturnType<typeof setTimeout> | null = null;
  function pump() {
    if (closed || !queue.length) return;
    if (opts.arriving?.()) {
      // How long the worker has been yielding (elapsed time on this instance, not the app's clock).
      const now = performance.now();
      if (!yieldingSince) yieldingSince = now;
      if (now - yieldingSince < MAX_YIELD_MS) {
        yieldTimer ??= setTimeout(() => {
          yieldTimer = null;
          pump();
        }, 15);
        return;
      }
    }
    yieldingSince = 0;
    while (!closed && running.size < opts.concurrency && queue.length) {
      const id = queue.shift()!;
      const p = work(id)
        .catch((e: unknown) => rt.log.warn({ err: (e as Error).message }, 'slack worker error'))
        .finally(() => {
          running.delete(p);
          pump();
        });
      running.add(p);
    }
  }

  function enqueue(id: string) {
    if (closed) return;
    if (!queue.includes(id)) queue.push(id);
    setImmediate(pump);
  }

  /** Runs a small task after the ack (mirror writes), awaited on close. */
  function track(task: () => Promise<unknown>) {
    if (closed) return;
    const p = task()
      .then(() => undefined)
      .catch((e: unknown) => rt.log.warn({ err: (e as Error).message }, 'slack background task failed'))
      .finally(() => {
        running.delete(p);
        // Work queued while this task held the only slot (PGlite: concurrency 1) starts now, not at the next enqueue.
        pump();
      });
    running.add(p);
  }

  return {
    enqueue,
    track,
    /** Queues the events still pending two minutes after they arrived (a crash, another instance's restart). */
    async sweepStale() {
      for (const id of await repo.stalePending(rt.db, new Date(rt.now().getTime() - 120_000), 50)) enqueue(id);
    },
    /** Deletes mirrored messages past their workspace's retention. */
    async purgeMirror() {
      const n = await repo.purgeExpiredMessages(rt.db);
      if (n) rt.log.info({ deleted: n }, 'slack mirror retention purge');
    },
    /** Resolves when nothing is queued, running or scheduled for a retry (tests). */
    async idle() {
      while (queue.length || running.size || timers.size || yieldTimer) await Promise.allSettled([...running, new Promise((r) => setTimeout(r, 10))]);
    },
    async close() {
      closed = true;
      if (yieldTimer) clearTimeout(yieldTimer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      queue.length = 0;
      abort.abort();
      await Promise.allSettled([...running]);
    },
  };
}

export type TWorker = ReturnType<typeof createWorker>;
