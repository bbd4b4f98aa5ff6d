/**
 * writeEventStream over real HTTP (decision 033): a POST answer streams past the end of its request body, carries the
 * headers the hooks set, and ends when the client goes away.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEventStream, type TEventWriter } from './event-stream.ts';

describe('writeEventStream', () => {
  let app: FastifyInstance;
  let base: string;
  let release: () => void = () => undefined;
  let closed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', 'https://shop.example');
    });
    app.post('/stream', async (request, reply) => {
      const gate = new Promise<void>((resolve) => (release = resolve));
      const out: TEventWriter = writeEventStream(request, reply);
      closed = new Promise((resolve) => out.onClose(resolve));
      out.send('part', { text: (request.body as { text: string }).text });
      await gate;
      out.send('done', 'plain');
      out.end();
      return reply;
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (signal?: AbortSignal) =>
    fetch(`${base}/stream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: '안녕' }), signal });

  it('streams after the request body is read, with the hooks headers and the house ones', async () => {
    const res = await post();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toBe('event: part\ndata: {"text":"안녕"}\n\n');
    release();
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value);
    expect(text).toBe('event: part\ndata: {"text":"안녕"}\n\nevent: done\ndata: plain\n\n');
    await closed;
  });

  it('ends the stream when the client goes away', async () => {
    const ac = new AbortController();
    const res = await post(ac.signal);
    await res.body!.getReader().read();
    ac.abort();
    await closed;
    release();
  });
});
