/**
 * OpenAI-compatible chat completions (hosted providers, Ollama, vLLM): streamed, with a timeout per attempt and
 * retries with exponential backoff on network errors, timeouts, 429 and 5xx. The key is never logged.
 * `openAiPost` and `withRetries` are shared with the embeddings client (`embeddings.ts`).
 */
export type TLlmConfig = { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; timeoutMs: number; maxRetries: number };
export type TChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type TCompletion = { text: string; promptTokens: number; completionTokens: number };

export class LlmError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Rough count when the server does not report usage: about 2 characters a token for Korean. */
const estimate = (s: string) => Math.ceil(s.length / 2);

/** POSTs JSON to `{baseUrl}{path}` with the bearer key; a non-2xx answer throws an LlmError carrying its status. */
export async function openAiPost(
  cfg: { baseUrl: string | undefined; apiKey: string | undefined },
  path: string,
  body: unknown,
  signal: AbortSignal,
  accept = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
  const res = await fetch(`${(cfg.baseUrl ?? '').replace(/\/$/, '')}${path}`, { method: 'POST', headers, signal, body: JSON.stringify(body) });
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw Object.assign(new LlmError(`llm http ${res.status}`), { status: res.status });
  }
  return res;
}

/**
 * Runs `attempt` with `timeoutMs` per try and up to `maxRetries` retries, 0.5 s·2ⁿ apart, on network errors, timeouts,
 * 408, 429 and 5xx; other 4xx answers fail at once. `stop` (the app closing) ends it early.
 */
export async function withRetries<T>(
  cfg: { timeoutMs: number; maxRetries: number },
  attempt: (signal: AbortSignal) => Promise<T>,
  stop?: AbortSignal,
): Promise<T> {
  let last: unknown;
  for (let n = 0; n <= cfg.maxRetries; n++) {
    if (stop?.aborted) break;
    const signal = stop ? AbortSignal.any([stop, AbortSignal.timeout(cfg.timeoutMs)]) : AbortSignal.timeout(cfg.timeoutMs);
    try {
      return await attempt(signal);
    } catch (e) {
      last = e;
      const status = (e as { status?: number }).status;
      if (status && status < 500 && status !== 429 && status !== 408) break;
      if (n < cfg.maxRetries) await sleep(500 * 2 ** n);
    }
  }
  throw last instanceof LlmError ? last : new LlmError(last instanceof Error ? last.name : 'llm failed');
}

export function createLlm(cfg: TLlmConfig) {
  const enabled = Boolean(cfg.baseUrl && cfg.model);

  async function once(messages: TChatMessage[], signal: AbortSignal): Promise<TCompletion> {
    const res = await openAiPost(
      cfg,
      '/chat/completions',
      { model: cfg.model, messages, stream: true, stream_options: { include_usage: true }, temperature: 0.2 },
      signal,
      'text/event-stream',
    );
    let text = '';
    let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream')) {
      const d = (await res.json()) as { choices?: { message?: { content?: string } }[]; usage?: typeof usage };
      text = d.choices?.[0]?.message?.content ?? '';
      usage = d.usage;
    } else {
      const decoder = new TextDecoder();
      let buf = '';
      for await (const chunk of res.body!) {
        buf += decoder.decode(chunk as Uint8Array, { stream: true });
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') continue;
          try {
            const d = JSON.parse(data) as { choices?: { delta?: { content?: string } }[]; usage?: typeof usage };
            text += d.choices?.[0]?.delta?.content ?? '';
            if (d.usage) usage = d.usage;
          } catch {
            // a malformed line is skipped
          }
        }
      }
    }
    if (!text.trim()) throw new LlmError('llm empty answer');
    const prompt = messages.map((m) => m.content).join('\n');
    return {
      text: text.trim(),
      promptTokens: usage?.prompt_tokens ?? estimate(prompt),
      completionTokens: usage?.completion_tokens ?? estimate(text),
    };
  }

  return {
    enabled,
    async complete(messages: TChatMessage[], stop?: AbortSignal): Promise<TCompletion> {
      if (!enabled) throw new LlmError('llm not configured');
      return withRetries(cfg, (signal) => once(messages, signal), stop);
    },
  };
}

export type TLlm = ReturnType<typeof createLlm>;
