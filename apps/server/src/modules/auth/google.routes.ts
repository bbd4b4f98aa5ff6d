import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuthResponse, ZGoogleLoginInput, ZGoogleSignupInput } from '@suite/shared';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { googleLogin, googleSignup } from './google.service.ts';
import { errorResponses } from '../../lib/route-helpers.ts';

export const googleRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/google-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Google 로그인 (처음 보는 계정이면 토큰 없이 isNewUser: true)',
        body: ZGoogleLoginInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => googleLogin(deps, request.body.googleToken, requestMeta(request)),
  );

  app.post(
    '/api/google-signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Google 회원가입 (약관 동의 포함)',
        body: ZGoogleSignupInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => googleSignup(deps, request.body, requestMeta(request)),
  );
};
