/**
 * Grounded answers with a language model (the OpenAI-compatible settings of the Slack assistant, `LLM_*`): the model
 * sees only the retrieved passages and must answer from them or reply with the NO_ANSWER marker. The answer is
 * streamed: parts are handed to `onPart` as the model writes them (the marker is recognised before anything is sent).
 */
import { streamChat, withRetries, type TLlmConfig } from '../../adapters/llm.ts';
import type { THit } from '../knowledge/knowledge.service.ts';
import { maskText } from '../../lib/pii-mask.ts';

export const NO_ANSWER = '[[모름]]';

export function groundedPrompt(question: string, hits: THit[]) {
  const passages = hits.map((h, i) => `[${i + 1}] ${h.title}\n${h.kind === 'faq' ? `${h.title}\n${h.answer ?? ''}` : h.content}`).join('\n\n');
  return [
    {
      role: 'system' as const,
      content:
        '당신은 회사의 고객 상담 챗봇입니다. 아래 [자료]에 적힌 내용만으로 한국어 존댓말로 짧게 답하세요. ' +
        `자료에 답이 없거나 확실하지 않으면 다른 말 없이 ${NO_ANSWER} 만 출력하세요. 추측하거나 자료 밖의 지식을 쓰지 마세요. ` +
        '답의 근거가 된 자료 번호를 문장 끝에 [1]처럼 적으세요.',
    },
    // The customer's words reach the model masked (pii-mask.ts), whoever calls this.
    { role: 'user' as const, content: `[자료]\n${passages}\n\n[질문]\n${maskText(question)}` },
  ];
}

/**
 * Streams the model's answer; returns the full text (NO_ANSWER when the passages lack the answer). `onTokens` receives
 * the tokens the answering attempt used (as the server reported them, else about two characters a token).
 */
export async function streamGrounded(
  cfg: TLlmConfig,
  question: string,
  hits: THit[],
  onPart: (text: string) => void,
  stop?: AbortSignal,
  onTokens?: (tokens: number) => void,
): Promise<string> {
  return withRetries(
    cfg,
    async (signal) => {
      let text = '';
      let sent = 0;
      const flush = (final: boolean) => {
        // Hold back text while it could still be the start of the marker.
        const t = text.trimStart();
        if (!final && NO_ANSWER.startsWith(t.slice(0, NO_ANSWER.length)) && t.length < NO_ANSWER.length + 1) return;
        if (t.startsWith(NO_ANSWER)) return;
        const lead = text.length - t.length;
        if (text.length > sent + lead) {
          onPart(text.slice(Math.max(sent, lead)));
          sent = text.length;
        }
      };
      const messages = groundedPrompt(question, hits);
      const usage = await streamChat(cfg, { messages, temperature: 0, includeUsage: Boolean(onTokens) }, signal, (delta) => {
        text += delta;
        flush(false);
      });
      flush(true);
      const estimate = (t: string) => Math.ceil(t.length / 2);
      onTokens?.((usage?.prompt_tokens ?? estimate(messages.map((m) => m.content).join('\n'))) + (usage?.completion_tokens ?? estimate(text)));
      return text.trim();
    },
    stop,
  );
}
