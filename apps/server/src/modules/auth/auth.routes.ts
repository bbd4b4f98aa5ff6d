import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ko,
  ZAuthConfig,
  ZAuthResponse,
  ZLoginInput,
  ZLogoutQuery,
  ZMessageResponse,
  ZRefreshInput,
  ZRefreshResponse,
  ZSignupInput,
  ZTokenInput,
} from '@suite/shared';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { login, signup } from './credentials.service.ts';
import { deviceKeys, issueDevice, trustedDevice } from './auth.device.ts';
import { logout, refreshSession } from './session.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { TOKEN_ROUTES_LIMIT } from './auth.throttle.ts';
import { unlockLogin } from './login-unlock.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  const deviceCookieKeys = deviceKeys(deps.config.authSecret, deps.config.appUrl.startsWith('https:'));
  app.get('/api/auth/config', { schema: { tags: ['auth'], summary: '브라우저에 필요한 공개 인증 설정', response: { 200: ZAuthConfig } } }, async () => {
    const c = deps.config.company;
    return {
      googleClientId: deps.config.google.clientId ?? null,
      requireEmailConfirmation: deps.config.requireEmailConfirmation,
      company: {
        name: c.name ?? null,
        representative: c.representative ?? null,
        businessNumber: c.businessNumber ?? null,
        mailOrderNumber: c.mailOrderNumber ?? null,
        address: c.address ?? null,
        email: c.email ?? null,
        phone: c.phone ?? null,
      },
      slackAvailable: Boolean(deps.config.slack.clientId && deps.config.slack.clientSecret),
      oauthProviders: { kakao: deps.oauth.kakao.enabled, naver: deps.oauth.naver.enabled },
    };
  });

  app.post(
    '/api/auth-signup',
    {
      schema: {
        tags: ['auth'],
        summary: '이메일 회원가입 (이메일 인증이 켜져 있으면 토큰 없이 needsEmailConfirmation)',
        body: ZSignupInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => signup(deps, request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth-login',
    {
      schema: {
        tags: ['auth'],
        summary: '이메일 로그인',
        body: ZLoginInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // A browser that signed in to this account before is exempt from the locks strangers can trigger (auth.device.ts).
      const device = trustedDevice(deviceCookieKeys, request, request.body.email);
      const res = await login(deps, request.body, requestMeta(request), device);
      if (res.tokens) issueDevice(deviceCookieKeys, reply, request.body.email, device);
      return res;
    },
  );

  app.post(
    '/api/auth/unlock-login',
    {
      config: { rateLimit: TOKEN_ROUTES_LIMIT },
      schema: {
        tags: ['auth'],
        summary: '로그인 잠금 해제 링크 (메일, 30분, 1회용): 이 브라우저를 신뢰하는 기기로 등록',
        body: ZTokenInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const email = await unlockLogin(deps, request.body.token, requestMeta(request));
      issueDevice(deviceCookieKeys, reply, email);
      return { success: true as const, message: ko.security.loginUnlocked };
    },
  );

  app.post(
    '/api/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: '토큰 갱신 (매번 refresh token이 교체됩니다)',
        body: ZRefreshInput,
        response: { 200: ZRefreshResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ success: true as const, tokens: await refreshSession(deps, request.body.refresh_token, requestMeta(request)) }),
  );

  app.post(
    '/api/logout',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '로그아웃: 기본은 계정의 모든 세션 종료 (scope=local 이면 이 세션만, others 면 나머지)',
        security: bearer,
        querystring: ZLogoutQuery,
        response: { 200: ZMessageResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await logout(deps, user.id, user.sessionId, request.query.scope, requestMeta(request));
      return { success: true as const, message: ko.auth.server.loggedOut };
    },
  );
};
