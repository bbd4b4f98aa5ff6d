import { z } from 'zod';

/** The one error shape every API failure uses. */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The help article that fixes this error (issue 33), e.g. `/help/trouble-mail-quota`; absent when none. */
  helpUrl: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  uptime: z.number(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  redis: z.enum(['memory', 'redis']),
});
export type TReadyResponse = z.infer<typeof ZReadyResponse>;
