import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuthResponse, ZOAuthCallbackInput, ZOAuthProviderParams, ZOAuthSignupInput, ZOAuthStartInput, ZOAuthStartResponse, ZTokenInput } from '@suite/shared';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { TOKEN_ROUTES_LIMIT } from './auth.throttle.ts';
import { confirmOAuthEmail, finishOAuth, oauthSignup, startOAuth } from './oauth.service.ts';
import { errorResponses } from '../../lib/route-helpers.ts';

const tags = ['auth'];

/** Kakao and Naver Login (see oauth.service.ts for the flow). */
export const oauthRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/auth/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: '카카오·네이버 로그인 시작: 브라우저의 state로 인가 주소를 만듭니다 (PKCE 검증값은 서버에만)',
        params: ZOAuthProviderParams,
        body: ZOAuthStartInput,
        response: { 200: ZOAuthStartResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      authorizeUrl: await startOAuth(deps, request.params.provider, request.body.state, requestMeta(request)),
    }),
  );

  app.post(
    '/api/auth/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: '카카오·네이버 인가 코드 교환 (state 1회용): 로그인, 연결 확인 대기, 또는 가입 토큰',
        params: ZOAuthProviderParams,
        body: ZOAuthCallbackInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 403, 409, 429, 502, 503) },
      },
    },
    async (request) => finishOAuth(deps, request.params.provider, request.body.state, request.body.code, requestMeta(request)),
  );

  app.post(
    '/api/auth/oauth/signup',
    {
      schema: {
        tags,
        summary: '카카오·네이버 회원가입 (약관 동의; 인증된 이메일이 없으면 입력한 주소로 확인 메일)',
        body: ZOAuthSignupInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 403, 409, 429, 503) },
      },
    },
    async (request) => oauthSignup(deps, request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth/oauth/confirm-email',
    {
      config: { rateLimit: TOKEN_ROUTES_LIMIT },
      schema: {
        tags,
        summary: '카카오·네이버 가입 이메일 확인 (메일 링크의 토큰, 24시간, 1회용): 가입을 마치고 로그인',
        body: ZTokenInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 403, 409, 429, 503) },
      },
    },
    async (request) => {
      return confirmOAuthEmail(deps, request.body.token, requestMeta(request));
    },
  );
};
