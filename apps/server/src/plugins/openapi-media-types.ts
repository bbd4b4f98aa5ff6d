/**
 * Routes whose answer is not JSON (CSV exports, iCalendar files) declare their 200 body as a string schema described by
 * its media type: `z.string().describe('text/csv')`. @fastify/swagger lists every response under `application/json`;
 * this pass moves such bodies under their real media type so that generated clients download them as files.
 */
const MEDIA_TYPE = /^(text\/[a-z0-9.+-]+|application\/(?!json)[a-z0-9.+-]+)$/;

type TContent = Record<string, { schema?: { description?: string; type?: string } }>;
type TOperation = { responses?: Record<string, { content?: TContent }> };

export function declareNonJsonMediaTypes<T extends object>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, unknown> | undefined> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item ?? {}) as TOperation[]) {
      for (const response of Object.values(operation?.responses ?? {})) {
        const json = response.content?.['application/json'];
        const described = json?.schema?.description;
        if (!json || !described || json.schema?.type !== 'string' || !MEDIA_TYPE.test(described)) continue;
        response.content = { [described]: { schema: { type: 'string' } } };
      }
    }
  }
  return doc;
}
