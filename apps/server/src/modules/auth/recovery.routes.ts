import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConfirmEmailResponse, ZEmailOnlyInput, ZMessageResponse, ZResetPasswordInput, ZTokenInput } from '@suite/shared';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { confirmEmail, forgotPassword, resendConfirmation, resetPassword } from './recovery.service.ts';
import { errorResponses } from '../../lib/route-helpers.ts';
import { TOKEN_ROUTES_LIMIT } from './auth.throttle.ts';

export const recoveryRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/auth/confirm-email',
    {
      config: { rateLimit: TOKEN_ROUTES_LIMIT },
      schema: {
        tags: ['auth'],
        summary: '이메일 인증 (메일의 링크 토큰, 24시간, 1회용)',
        body: ZTokenInput,
        response: { 200: ZConfirmEmailResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const done = await confirmEmail(deps, request.body.token, requestMeta(request));
      return { success: true as const, message: done.message, ...(done.seedId ? { seed_id: done.seedId } : {}) };
    },
  );

  app.post(
    '/api/auth/resend-confirmation',
    {
      schema: {
        tags: ['auth'],
        summary: '인증 메일 다시 보내기 (계정 존재 여부와 관계없이 같은 답)',
        body: ZEmailOnlyInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ success: true as const, message: await resendConfirmation(deps, request.body.email, requestMeta(request)) }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: '비밀번호 재설정 메일 (계정 존재 여부와 관계없이 같은 답)',
        body: ZEmailOnlyInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ success: true as const, message: await forgotPassword(deps, request.body.email, requestMeta(request)) }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: TOKEN_ROUTES_LIMIT },
      schema: {
        tags: ['auth'],
        summary: '비밀번호 재설정 (메일의 링크 토큰, 1시간, 1회용; 모든 세션 종료)',
        body: ZResetPasswordInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      return { success: true as const, message: await resetPassword(deps, request.body.token, request.body.password, requestMeta(request)) };
    },
  );
};
