/**
 * OpenAI-compatible chat completions (hosted providers, Ollama, vLLM) on the official `openai` SDK with `baseURL` =
 * LLM_BASE_URL: streamed, with a timeout per attempt and retries with exponential backoff on network errors, timeouts,
 * 408, 429 and 5xx. The SDK's own retries are off (`maxRetries: 0`) and `withRetries` drives them instead: the SDK's
 * retries and timeout end once the response headers arrive, while ours cover the whole streamed answer, and the app's
 * closing (`stop`) ends them. The SDK logs nothing (`logLevel: 'off'`), so the key is never logged, and it reads no
 * OPENAI_* organisation, project or admin-key settings from the environment.
 * `openAiClient`, `toLlmError` and `withRetries` are shared with the embeddings client (`embeddings.ts`) and the grounded
 * chatbot answers (`grounded.ts`).
 */
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { reportOutside } from '../lib/outside-services.ts';

export type TLlmConfig = { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; timeoutMs: number; maxRetries: number };
export type TChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type TCompletion = { text: string; promptTokens: number; completionTokens: number };

export class LlmError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Rough count when the server does not report usage: about 2 characters a token for Korean. */
const estimate = (s: string) => Math.ceil(s.length / 2);

const clients = new Map<string, OpenAI>();

/** The SDK client for a base URL and key (kept, so connections are reused). Throws an LlmError without a base URL. */
export function openAiClient(cfg: { baseUrl: string | undefined; apiKey: string | undefined }): OpenAI {
  if (!cfg.baseUrl) throw new LlmError('llm not configured');
  const key = `${cfg.baseUrl}\n${cfg.apiKey ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    if (clients.size >= 16) clients.clear();
    client = new OpenAI({
      baseURL: cfg.baseUrl.replace(/\/+$/, ''),
      // A local server (Ollama, vLLM) may need no key: the SDK insists on one, so it gets a placeholder and the
      // Authorization header is dropped again.
      apiKey: cfg.apiKey ?? 'none',
      defaultHeaders: cfg.apiKey ? undefined : { Authorization: null },
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      logLevel: 'off',
    });
    clients.set(key, client);
  }
  return client;
}

/**
 * An error of an attempt as the retry loop expects it: an HTTP answer becomes an LlmError carrying its status; when the
 * attempt's signal ended it (timeout, app closing) its reason; a connection failure an LlmError without status.
 */
export function toLlmError(e: unknown, signal: AbortSignal): unknown {
  if (e instanceof LlmError) return e;
  if (e instanceof APIError && typeof e.status === 'number') return Object.assign(new LlmError(`llm http ${e.status}`), { status: e.status });
  if (signal.aborted) return signal.reason;
  if (e instanceof APIConnectionTimeoutError) return new LlmError('llm timeout');
  if (e instanceof APIError) return new LlmError('llm network error');
  return e;
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
      const result = await attempt(signal);
      reportOutside('llm', true);
      return result;
    } catch (e) {
      last = toLlmError(e, signal);
      const status = (last as { status?: number }).status;
      if (status && status < 500 && status !== 429 && status !== 408) break;
      if (n < cfg.maxRetries) await sleep(500 * 2 ** n);
    }
  }
  const error = last instanceof LlmError ? last : new LlmError(last instanceof Error ? last.name : 'llm failed');
  // The app closing is not the service failing.
  if (!stop?.aborted) reportOutside('llm', false, error.message);
  throw error;
}

/**
 * Streams a chat completion through the SDK, handing each piece of text to `onDelta`; returns the reported usage.
 * A server that answers plain JSON although a stream was asked for is read as a whole.
 */
export async function streamChat(
  cfg: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; timeoutMs: number },
  body: { messages: TChatMessage[]; temperature: number; includeUsage?: boolean },
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<{ prompt_tokens?: number; completion_tokens?: number } | undefined> {
  const { data: stream, response } = await openAiClient(cfg)
    .chat.completions.create(
      {
        model: cfg.model ?? '',
        messages: body.messages,
        stream: true,
        ...(body.includeUsage ? { stream_options: { include_usage: true } } : {}),
        temperature: body.temperature,
      },
      { signal, timeout: cfg.timeoutMs, headers: { accept: 'text/event-stream' } },
    )
    .withResponse();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    // The stream is read lazily: its body is still unread here.
    const d = (await response.json()) as { choices?: { message?: { content?: string } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
    const text = d.choices?.[0]?.message?.content ?? '';
    if (text) onDelta(text);
    return d.usage;
  }
  let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
  for await (const chunk of stream) {
    const delta = chunk.choices?.[0]?.delta?.content ?? '';
    if (delta) onDelta(delta);
    if (chunk.usage) usage = chunk.usage;
  }
  return usage;
}

export function createLlm(cfg: TLlmConfig) {
  const enabled = Boolean(cfg.baseUrl && cfg.model);

  async function once(messages: TChatMessage[], signal: AbortSignal): Promise<TCompletion> {
    let text = '';
    const usage = await streamChat(cfg, { messages, temperature: 0.2, includeUsage: true }, signal, (d) => (text += d));
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
