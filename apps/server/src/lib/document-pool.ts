/**
 * A small pool of worker threads for document parsing (PDF text, chunking, search keys), so a big or hostile
 * document never blocks the server's event loop (issue 11 item 1). Every task is held to caps:
 * pages, extracted characters, wall time (the worker is terminated) and memory (V8 `resourceLimits`; the worker
 * dies and is replaced). Over a cap → AppError 413 naming the cap in Korean.
 *
 *   const pool = createDocumentPool(config.documents);
 *   const { text, prepared } = await pool.pdf(bytes, { prepare: new URL('./x.prepare.ts', import.meta.url).href });
 *   await pool.close();
 *
 * `prepare` (optional) is a module URL whose `prepare(text, title)` runs inside the worker; its result is returned
 * as `prepared` (structured-clone data only). Built once in buildApp and handed to modules; the customer chatbot can
 * call it as well.
 */
import { Worker } from 'node:worker_threads';
import { ko } from '@suite/shared';
import { AppError } from './app-error.ts';
import type { TWorkerAnswer } from './document.worker.ts';

export type TDocumentCaps = { maxPages: number; maxChars: number; maxSeconds: number; maxMemoryMb: number; workers: number };

export type TDocumentPool = {
  pdf: (bytes: Uint8Array, opts?: { prepare?: string; title?: string }) => Promise<{ text: string; pages: number; prepared?: unknown }>;
  close: () => Promise<void>;
};

const WORKER_URL = new URL('./document.worker.ts', import.meta.url);

type TSlot = { worker: Worker; busy: boolean };

export function createDocumentPool(caps: TDocumentCaps): TDocumentPool {
  const slots: TSlot[] = [];
  const waiting: ((slot: TSlot) => void)[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): TSlot => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: caps.maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, caps.maxMemoryMb / 8)) },
      stderr: true,
      stdout: true,
    });
    worker.unref();
    const slot: TSlot = { worker, busy: false };
    slots.push(slot);
    return slot;
  };
  const discard = (slot: TSlot) => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    void slot.worker.terminate();
  };
  const acquire = (): Promise<TSlot> => {
    const idle = slots.find((s) => !s.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    if (slots.length < caps.workers) {
      const slot = spawn();
      slot.busy = true;
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (slot: TSlot, healthy: boolean) => {
    if (!healthy) discard(slot);
    const next = waiting.shift();
    if (!next) {
      slot.busy = false;
      return;
    }
    if (healthy) return next(slot);
    const fresh = spawn();
    fresh.busy = true;
    next(fresh);
  };

  const capError = (cap: string) => new AppError('DOCUMENT_TOO_BIG', ko.security.documentCap(cap), { status: 413 });

  async function pdf(bytes: Uint8Array, opts: { prepare?: string; title?: string } = {}) {
    if (closed) throw new AppError('SERVICE_UNAVAILABLE');
    const slot = await acquire();
    const id = nextId++;
    return new Promise<{ text: string; pages: number; prepared?: unknown }>((resolve, reject) => {
      let settled = false;
      const finish = (healthy: boolean, fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.worker.off('error', onError);
        slot.worker.off('exit', onExit);
        release(slot, healthy);
        fn();
      };
      const onMessage = (answer: TWorkerAnswer) => {
        if (answer.id !== id) return;
        if (answer.ok) return finish(true, () => resolve({ text: answer.text, pages: answer.pages, prepared: answer.prepared }));
        if (answer.reason === 'pages') return finish(true, () => reject(capError(ko.security.capPages(caps.maxPages))));
        if (answer.reason === 'chars') return finish(true, () => reject(capError(ko.security.capChars(caps.maxChars))));
        return finish(true, () => reject(new AppError('BAD_REQUEST', ko.slack.server.pdfInvalid)));
      };
      const onError = (err: Error & { code?: string }) => {
        const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(false, () => reject(memory ? capError(ko.security.capMemory(caps.maxMemoryMb)) : new AppError('BAD_REQUEST', ko.slack.server.pdfInvalid)));
      };
      const onExit = () => finish(false, () => reject(capError(ko.security.capMemory(caps.maxMemoryMb))));
      const timer = setTimeout(() => finish(false, () => reject(capError(ko.security.capTime(caps.maxSeconds)))), caps.maxSeconds * 1000);
      slot.worker.on('message', onMessage);
      slot.worker.on('error', onError);
      slot.worker.on('exit', onExit);
      // A copy goes to the worker; the caller's buffer stays usable.
      slot.worker.postMessage({ id, bytes: new Uint8Array(bytes), maxPages: caps.maxPages, maxChars: caps.maxChars, prepare: opts.prepare, title: opts.title });
    });
  }

  return {
    pdf,
    async close() {
      closed = true;
      await Promise.allSettled(slots.map((s) => s.worker.terminate()));
      slots.length = 0;
    },
  };
}
