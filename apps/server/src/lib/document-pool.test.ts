import { afterAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { makeTextPdf } from '../test-support/pdf.ts';
import { createDocumentPool } from './document-pool.ts';

const caps = { maxPages: 50, maxChars: 20_000, maxSeconds: 30, maxMemoryMb: 128, workers: 2 };
const PREPARE = new URL('../modules/knowledge/knowledge.prepare.ts', import.meta.url).href;

describe('document worker pool', () => {
  const pool = createDocumentPool(caps);
  afterAll(async () => {
    await pool.close();
  });

  it('extracts text and prepares passages in a worker', async () => {
    const res = await pool.pdf(makeTextPdf(3, 2), { prepare: PREPARE, title: '안내' });
    expect(res.pages).toBe(3);
    expect(res.text).toContain('Page 3 line 1');
    const passages = res.prepared as { content: string; grams: string[] }[];
    expect(passages.length).toBeGreaterThan(0);
    expect(passages[0]!.grams).toContain('l:parking');
  });

  it('refuses documents over the page and character caps, naming the cap in Korean', async () => {
    await expect(pool.pdf(makeTextPdf(51, 1))).rejects.toMatchObject({ status: 413, message: ko.security.documentCap(ko.security.capPages(50)) });
    await expect(pool.pdf(makeTextPdf(40, 40))).rejects.toMatchObject({ status: 413, message: ko.security.documentCap(ko.security.capChars(20_000)) });
    await expect(pool.pdf(Buffer.from('%PDF-1.4 nonsense'))).rejects.toMatchObject({ status: 400 });
    // The pool still works after refusals.
    expect((await pool.pdf(makeTextPdf(1, 1))).pages).toBe(1);
  });

  it('stops a document that takes too long and one that needs too much memory; the pool recovers', async () => {
    const slow = createDocumentPool({ ...caps, maxPages: 100_000, maxChars: 100_000_000, maxSeconds: 0.2, workers: 1 });
    try {
      await expect(slow.pdf(makeTextPdf(20_000, 5))).rejects.toMatchObject({ status: 413, message: ko.security.documentCap(ko.security.capTime(0.2)) });
    } finally {
      await slow.close();
    }
    const small = createDocumentPool({ ...caps, maxPages: 100_000, maxChars: 100_000_000, maxMemoryMb: 16, workers: 1 });
    try {
      await expect(small.pdf(makeTextPdf(20_000, 20))).rejects.toMatchObject({ status: 413, message: ko.security.documentCap(ko.security.capMemory(16)) });
    } finally {
      await small.close();
    }
  }, 120_000);

  it('does not block the main thread while a large document is parsed', async () => {
    const big = makeTextPdf(1_500, 20);
    let ticks = 0;
    let parsing = true;
    const tick = async () => {
      while (parsing) {
        await new Promise((r) => setTimeout(r, 5));
        ticks += 1;
      }
    };
    const ticker = tick();
    const res = await pool.pdf(big).catch((e: unknown) => e);
    parsing = false;
    await ticker;
    // Refused at the character cap or parsed: either way the timers on this thread kept running meanwhile.
    expect(res).toBeDefined();
    expect(ticks).toBeGreaterThan(3);
  });
});
