import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { listOutbox } from './dev-outbox.service.ts';

const ZOutboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});

/**
 * GET /dev/outbox: mail kept instead of sent while SMTP_URL is unset, newest first (?to= filters by recipient).
 * Registered only outside production. Kept in the database so every instance and a restart see the same outbox.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, opts) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: '개발용 메일 보관함 (SMTP 미설정 시, 운영 환경에서는 없음)',
        querystring: z.object({ to: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: z.object({ success: z.literal(true), messages: z.array(ZOutboxMail) }) },
      },
    },
    async (request) => {
      const rows = await listOutbox(opts.db, { to: request.query.to, limit: request.query.limit });
      return {
        success: true as const,
        messages: rows.map((r) => ({
          id: r.id,
          to: r.toAddress,
          subject: r.subject,
          text: r.text,
          html: r.html,
          links: r.links,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
