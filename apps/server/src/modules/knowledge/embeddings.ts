/**
 * OpenAI-compatible embeddings (`POST {LLM_BASE_URL}/embeddings`, model `EMBEDDINGS_MODEL`) through the `openai` SDK,
 * asking for floats (the SDK would otherwise ask for base64, which not every compatible server honours): batches of 64
 * inputs, the same timeout, retries and backoff as the chat client (`llm.ts`). Vectors come back scaled to unit length, so
 * cosine similarity is a dot product. After a call failed for want of the provider (network, timeout, 408, 429, 5xx)
 * the client reports itself unavailable for 30 s, so searches do not each wait out the timeouts of a provider that is
 * down (they stay lexical meanwhile).
 */
import { LlmError, openAiClient, withRetries } from '../../adapters/llm.ts';

export type TEmbeddingsConfig = {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  embeddingsModel: string | undefined;
  timeoutMs: number;
  maxRetries: number;
};
/** `tokens` is the usage the provider reported (summed over the batches), null when it reported none. */
export type TEmbedded = { vectors: Float32Array[]; tokens: number | null };

export const EMBED_BATCH = 64;
const COOL_DOWN_MS = 30_000;

type TResponse = { data?: { embedding?: unknown; index?: number }[]; usage?: { prompt_tokens?: number; total_tokens?: number } };

/** A vector scaled to unit length (float32); throws on anything but a non-empty array of finite numbers. */
export function unit(values: unknown): Float32Array {
  if (!Array.isArray(values) || values.length === 0) throw new LlmError('embeddings: not a vector');
  const out = new Float32Array(values.length);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new LlmError('embeddings: not a vector');
    out[i] = x;
    sum += x * x;
  }
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm;
  return out;
}

export function createEmbeddings(cfg: TEmbeddingsConfig) {
  const model = cfg.embeddingsModel ?? '';
  const enabled = Boolean(cfg.baseUrl && cfg.embeddingsModel);
  let downUntil = 0;

  async function batch(input: string[], signal: AbortSignal): Promise<TEmbedded> {
    const d = (await openAiClient(cfg).embeddings.create({ model, input, encoding_format: 'float' }, { signal, timeout: cfg.timeoutMs })) as TResponse;
    if (!Array.isArray(d.data) || d.data.length !== input.length) throw new LlmError('embeddings: wrong number of vectors');
    const ordered = d.data.every((x) => typeof x.index === 'number') ? [...d.data].sort((a, b) => a.index! - b.index!) : d.data;
    const vectors = ordered.map((x) => unit(x.embedding));
    if (vectors.some((v) => v.length !== vectors[0]!.length)) throw new LlmError('embeddings: vectors of different lengths');
    const reported = d.usage?.total_tokens ?? d.usage?.prompt_tokens;
    return { vectors, tokens: typeof reported === 'number' && reported >= 0 ? reported : null };
  }

  return {
    enabled,
    model,
    /** False while the provider is cooling down after a failure (searches skip vectors meanwhile). */
    available: () => enabled && performance.now() >= downUntil,
    /** Embeds `texts` in batches of 64, in order. Throws LlmError when a batch fails after its retries. */
    async embed(texts: string[], stop?: AbortSignal): Promise<TEmbedded> {
      if (!enabled) throw new LlmError('embeddings not configured');
      const vectors: Float32Array[] = [];
      let tokens: number | null = null;
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const part = texts.slice(i, i + EMBED_BATCH);
        let r: TEmbedded;
        try {
          r = await withRetries(cfg, (signal) => batch(part, signal), stop);
        } catch (e) {
          // A refused request (400 input too long, 401, 404 model) says nothing about the provider being down.
          const status = (e as { status?: number }).status;
          const refused = status !== undefined && status < 500 && status !== 408 && status !== 429;
          // The cool-down is elapsed time on this instance (performance.now()), not the app's clock.
          if (!stop?.aborted && !refused) downUntil = performance.now() + COOL_DOWN_MS;
          throw e;
        }
        downUntil = 0;
        vectors.push(...r.vectors);
        if (r.tokens !== null) tokens = (tokens ?? 0) + r.tokens;
      }
      return { vectors, tokens };
    },
  };
}

export type TEmbeddings = ReturnType<typeof createEmbeddings>;
