/**
 * A fake OpenAI-compatible server on loopback. Chat completions stream their answer as SSE with a usage chunk;
 * `mode`: ok, slow (waits `delayMs` before answering), down (500). `/embeddings` answers with the deterministic
 * `fakeEmbedding` vectors (floats, or base64 when asked) and a usage figure; `embeddingsMode` down answers 500, refuse 400.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeEmbedding } from './fake-embedder.ts';

export type TFakeLlm = {
  url: string;
  mode: 'ok' | 'slow' | 'down';
  delayMs: number;
  requests: { model: string; messages: { role: string; content: string }[] }[];
  /** down: 500; refuse: 400 (as for an input the model cannot take). */
  embeddingsMode: 'ok' | 'down' | 'refuse';
  /** Every /embeddings call: the model and how many inputs it carried. */
  embeddingRequests: { model: string; inputs: number }[];
  /** When set and it returns a string, the chat answer (tests of JSON answers: channel digests, decision 087). */
  respond?: (messages: { role: string; content: string }[]) => string | undefined;
  close: () => Promise<void>;
};

/** As OpenAI does: floats, or with `encoding_format: 'base64'` the little-endian float32 bytes in base64. */
function encode(v: number[], format: 'float' | 'base64' | undefined): number[] | string {
  return format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v;
}

function embeddings(fake: Omit<TFakeLlm, 'url' | 'close'>, raw: string, res: ServerResponse) {
  const body = JSON.parse(raw) as { model: string; input: string | string[]; encoding_format?: 'float' | 'base64' };
  const input = Array.isArray(body.input) ? body.input : [body.input];
  fake.embeddingRequests.push({ model: body.model, inputs: input.length });
  if (fake.embeddingsMode !== 'ok') {
    res.writeHead(fake.embeddingsMode === 'down' ? 500 : 400, { 'content-type': 'application/json' }).end(`{"error":{"message":"${fake.embeddingsMode}"}}`);
    return;
  }
  const tokens = Math.ceil(input.reduce((n, t) => n + t.length, 0) / 2);
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      object: 'list',
      model: body.model,
      data: input.map((t, index) => ({ object: 'embedding', index, embedding: encode(fakeEmbedding(t), body.encoding_format) })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}

export async function startFakeLlm(port = 0): Promise<TFakeLlm> {
  const fake = { mode: 'ok', delayMs: 0, requests: [], embeddingsMode: 'ok', embeddingRequests: [] } as Omit<TFakeLlm, 'url' | 'close'>;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.url === '/v1/embeddings' && req.method === 'POST') {
      embeddings(fake, Buffer.concat(chunks).toString('utf8'), res);
      return;
    }
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
    const answer =
      fake.respond?.(body.messages) ??
      (isSummary
        ? `*결정 사항*\n- (모델 요약) ${last.split('\n').slice(2, 3).join('')}\n*열린 질문*\n- 없음\n*할 일*\n- 없음`
        : `(모델 답변) 사내 자료 [1]에 따르면: ${/\[1\][^\n]*\n([^\n]*)/.exec(last)?.[1] ?? ''}`);
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
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
