/**
 * Runs inside a worker thread of lib/document-pool.ts: extracts a PDF's text page by page with pdf.js (unpdf),
 * stopping at the page and character caps, then (optionally) hands the text to a `prepare` module (chunking and
 * search keys) so none of this runs on the server's main thread. No imports from the rest of the server.
 */
import { parentPort } from 'node:worker_threads';

type TTask = { id: number; bytes: Uint8Array; maxPages: number; maxChars: number; prepare?: string | undefined; title?: string | undefined };
export type TWorkerAnswer =
  { id: number; ok: true; text: string; pages: number; prepared?: unknown } | { id: number; ok: false; reason: 'invalid' | 'pages' | 'chars'; pages?: number };

const prepared = new Map<string, Promise<{ prepare: (text: string, title: string) => unknown }>>();

async function run(task: TTask): Promise<TWorkerAnswer> {
  const { getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(task.bytes, { verbosity: 0 });
  } catch {
    return { id: task.id, ok: false, reason: 'invalid' };
  }
  if (doc.numPages > task.maxPages) return { id: task.id, ok: false, reason: 'pages', pages: doc.numPages };
  const parts: string[] = [];
  let chars = 0;
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
        if (chars + text.length > task.maxChars) return { id: task.id, ok: false, reason: 'chars' };
      }
      page.cleanup();
      text = text.trim();
      chars += text.length;
      if (chars > task.maxChars) return { id: task.id, ok: false, reason: 'chars' };
      if (text) parts.push(text);
    }
  } catch {
    return { id: task.id, ok: false, reason: 'invalid' };
  }
  const text = parts.join('\n\n');
  if (!task.prepare) return { id: task.id, ok: true, text, pages: doc.numPages };
  let mod = prepared.get(task.prepare);
  if (!mod) {
    mod = import(task.prepare) as Promise<{ prepare: (text: string, title: string) => unknown }>;
    prepared.set(task.prepare, mod);
  }
  return { id: task.id, ok: true, text, pages: doc.numPages, prepared: (await mod).prepare(text, task.title ?? '') };
}

parentPort?.on('message', (task: TTask) => {
  run(task).then(
    (answer) => parentPort!.postMessage(answer),
    () => parentPort!.postMessage({ id: task.id, ok: false, reason: 'invalid' } satisfies TWorkerAnswer),
  );
});
