import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZHealthResponse, ZReadyResponse } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ database: TDatabase; state: TSharedState }> = async (app, opts) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], summary: '서버 동작 확인 (liveness)', response: { 200: ZHealthResponse } },
    },
    async () => ({ status: 'ok' as const, uptime: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: '요청 처리 준비 확인 (데이터베이스 연결)',
        response: { 200: ZReadyResponse, 503: ZErrorResponse },
      },
    },
    async () => {
      try {
        await opts.database.ping();
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      try {
        await opts.state.ping();
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { status: 'ready' as const, database: opts.database.kind, redis: opts.state.kind };
    },
  );
};
