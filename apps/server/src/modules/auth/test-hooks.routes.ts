import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TRateLimiter } from '../../plugins/rate-limit.ts';
import { resetMailThrottle } from './auth.throttle.ts';

/**
 * The end-to-end suite's test hooks, registered only when E2E_TEST_HOOKS is set (playwright.config.ts) and never in
 * production (config.ts refuses the flag there). POST /dev/test/reset-throttles clears the one-a-minute mail limit
 * for an address, so a spec that mails the same address twice (confirmation, then reset or invitation) need not
 * wait a minute.
 */
export const testHookRoutes: FastifyPluginAsyncZod<{ limiter: TRateLimiter }> = async (app, opts) => {
  app.post(
    '/dev/test/reset-throttles',
    {
      schema: {
        tags: ['dev'],
        summary: '종단 간 테스트 전용: 주소별 메일 제한 초기화 (E2E_TEST_HOOKS, 운영 환경에서는 없음)',
        body: z.object({ email: z.string().min(3).max(200) }),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await resetMailThrottle(opts.limiter, request.body.email);
      return { success: true as const };
    },
  );
};
