import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ko,
  ZAuthResponse,
  ZMessageResponse,
  ZMfaTokenInput,
  ZPasskeyLoginInput,
  ZPasskeyParams,
  ZPasskeyRegisterInput,
  ZReauthInput,
  ZRecoveryCodesResponse,
  ZSecondFactorInput,
  ZSecondFactorStatus,
  ZTotpCodeInput,
  ZTotpSetupResponse,
  ZWebAuthnOptionsResponse,
} from '@suite/shared';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { loadUser } from './account.service.ts';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { assertReauth } from './reauth.service.ts';
import * as sf from './second-factor.service.ts';
import { completeSignIn, passkeySignIn, requiredFor } from './second-step.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { deviceKeys, issueDevice } from './auth.device.ts';

const tags = ['auth'];
const a = ko.accounts.server;

export const secondFactorRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  const deviceCookieKeys = deviceKeys(deps.config.authSecret, deps.config.appUrl.startsWith('https:'));
  // ---- Sign-in ----
  app.post(
    '/api/auth/second-factor',
    {
      schema: {
        tags,
        summary: '로그인 2단계: 인증 앱 코드, 복구 코드(1회용) 또는 패스키',
        body: ZSecondFactorInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const res = await completeSignIn(deps, request.body, requestMeta(request));
      // The browser that passed both steps becomes a known device of the account (auth.device.ts), as after a
      // sign-in without a second factor: strangers' locks no longer keep it out.
      if (res.tokens && res.user) issueDevice(deviceCookieKeys, reply, res.user.email);
      return res;
    },
  );
  app.post(
    '/api/auth/second-factor/passkey-options',
    {
      schema: {
        tags,
        summary: '로그인 2단계: 패스키 요청 옵션',
        body: ZMfaTokenInput,
        response: { 200: ZWebAuthnOptionsResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const pending = await sf.pendingSignIn(deps, request.body.mfaToken);
      return { success: true as const, ...(await sf.passkeyAuthOptions(deps, pending.userId)) };
    },
  );
  app.post(
    '/api/auth/passkey/options',
    {
      config: { rateLimit: routeLimit((r) => `passkey-options:ip:${r.ip}`, { max: 60, windowMs: 5 * 60_000 }) },
      schema: { tags, summary: '패스키로 로그인 (비밀번호 없이): 요청 옵션', response: { 200: ZWebAuthnOptionsResponse, ...errorResponses(429) } },
    },
    async () => {
      return { success: true as const, ...(await sf.passkeyAuthOptions(deps, null)) };
    },
  );
  app.post(
    '/api/auth/passkey/verify',
    {
      schema: {
        tags,
        summary: '패스키로 로그인 (비밀번호 없이)',
        body: ZPasskeyLoginInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => passkeySignIn(deps, request.body, requestMeta(request)),
  );

  // ---- The signed-in user's own factors ----
  app.get(
    '/api/me/second-factor',
    { onRequest: requireAuth, schema: { tags, summary: '2단계 인증 상태', security: bearer, response: { 200: ZSecondFactorStatus, ...errorResponses(401) } } },
    async (request) => {
      const user = currentUser(request);
      return {
        success: true as const,
        ...(await sf.secondFactorStatus(deps, user.id)),
        session_verified: Boolean(user.secondFactorAt),
        required: await requiredFor(deps, user),
      };
    },
  );
  app.post(
    '/api/me/second-factor/totp',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '인증 앱 등록 시작 (비밀 키와 otpauth 주소)',
        security: bearer,
        response: { 200: ZTotpSetupResponse, ...errorResponses(401, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await sf.startTotp(deps, await loadUser(deps, currentUser(request).id))) }),
  );
  app.post(
    '/api/me/second-factor/totp/confirm',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '인증 앱 등록 확인 (복구 코드를 한 번만 돌려줍니다)',
        security: bearer,
        body: ZTotpCodeInput,
        response: { 200: ZRecoveryCodesResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const who = currentUser(request);
      const codes = await sf.confirmTotp(deps, await loadUser(deps, who.id), who.sessionId, request.body.code, requestMeta(request));
      return { success: true as const, message: a.totpEnabled, recovery_codes: codes };
    },
  );
  app.post(
    '/api/me/second-factor/totp/remove',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '인증 앱 해제 (비밀번호 또는 인증 코드 재확인)',
        security: bearer,
        body: ZReauthInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const who = currentUser(request);
      await assertReauth(deps, who, request.body.password);
      await sf.removeTotp(deps, who.id, requestMeta(request));
      return { success: true as const, message: a.totpRemoved };
    },
  );
  app.post(
    '/api/me/passkeys/options',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '패스키 등록 옵션', security: bearer, response: { 200: ZWebAuthnOptionsResponse, ...errorResponses(401) } },
    },
    async (request) => ({ success: true as const, ...(await sf.passkeyRegistrationOptions(deps, await loadUser(deps, currentUser(request).id))) }),
  );
  app.post(
    '/api/me/passkeys',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '패스키 등록', security: bearer, body: ZPasskeyRegisterInput, response: { 200: ZMessageResponse, ...errorResponses(400, 401) } },
    },
    async (request) => {
      const who = currentUser(request);
      await sf.registerPasskey(deps, await loadUser(deps, who.id), who.sessionId, request.body, requestMeta(request));
      return { success: true as const, message: a.passkeyAdded };
    },
  );
  app.delete(
    '/api/me/passkeys/:id',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '패스키 삭제', security: bearer, params: ZPasskeyParams, response: { 200: ZMessageResponse, ...errorResponses(401, 404) } },
    },
    async (request) => {
      await sf.removePasskey(deps, currentUser(request).id, request.params.id, requestMeta(request));
      return { success: true as const, message: a.passkeyRemoved };
    },
  );
};
