/**
 * A fake OpenAI-compatible chat-completions server on loopback. Streams its answer as SSE with a usage chunk.
 * `mode`: ok, slow (waits `delayMs` before answering), down (500).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeLlm = {
  url: string;
  mode: 'ok' | 'slow' | 'down';
  delayMs: number;
  requests: { model: string; messages: { role: string; content: string }[] }[];
  close: () => Promise<void>;
};

export async function startFakeLlm(port = 0): Promise<TFakeLlm> {
  const fake = { mode: 'ok', delayMs: 0, requests: [] } as Omit<TFakeLlm, 'url' | 'close'>;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TFakeLlm['requests'][number] & { stream?: boolean };
    fake.requests.push({ model: body.model, messages: body.messages });
    if (fake.mode === 'down') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      return;
    }
    if (fake.mode === 'slow') await new Promise((r) => setTimeout(r, fake.delayMs));
    if (res.destroyed) return;
    const last = body.messages[body.messages.length - 1]?.content ?? '';
    const isSummary = body.messages.some((m) => m.content.includes('스레드를 요약'));
    const answer = isSummary
      ? `*결정 사항*\n- (모델 요약) ${last.split('\n').slice(2, 3).join('')}\n*열린 질문*\n- 없음\n*할 일*\n- 없음`
      : `(모델 답변) 사내 자료 [1]에 따르면: ${/\[1\][^\n]*\n([^\n]*)/.exec(last)?.[1] ?? ''}`;
    const promptTokens = Math.ceil(body.messages.reduce((n, m) => n + m.content.length, 0) / 2);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const pieces = answer.match(/[\s\S]{1,12}/g) ?? [];
    for (const p of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: Math.ceil(answer.length / 2) } })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return Object.assign(fake, {
    url,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  });
}
