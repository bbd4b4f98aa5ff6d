/** Payment methods (card through Toss's billing-auth window, or bank transfer) and the Toss webhook (issue 31). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZCardAuth, ZCardExpiryInput, ZCardInput, ZPaymentMethod } from '@suite/shared/schemas/billing';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { billingAccess } from './billing.access.ts';
import { cardAuth, chooseTransfer, registerCard, setCardExpiry } from './payments.service.ts';
import { handleTossWebhook, ZTossDepositCallback, ZTossStatusChanged } from './toss-webhooks.service.ts';

const tags = ['billing'];

/** Inside the guarded scope of billing.module.ts: only the seed's owner changes the payment method. */
export const paymentSeedRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.get(
    '/api/seeds/:seedId/billing/payment-methods/card/auth',
    {
      schema: {
        tags,
        summary: '카드 등록 창을 열 값(소유자만): 토스페이먼츠 클라이언트 키, 이 시드의 customerKey, SDK 주소, 돌아올 주소 — 결제 미설정 409',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZCardAuth, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const access = billingAccess(request);
      if (!access.canManage) throw new AppError('FORBIDDEN', ko.billing.payments.server.ownerOnlyCard);
      return cardAuth(deps, access.seedId);
    },
  );

  app.post(
    '/api/seeds/:seedId/billing/payment-methods/card',
    {
      schema: {
        tags,
        summary:
          '카드 등록(소유자만): 카드 등록 창이 돌려준 authKey로 빌링키를 발급해 암호화해 보관하고, 실패한 청구서를 이 카드로 다시 결제 — 다른 시드의 customerKey 400',
        security: bearer,
        params: ZSeedParams,
        body: ZCardInput,
        response: { 200: ZPaymentMethod, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const access = billingAccess(request);
      return registerCard(deps, access.seedId, access.userId, request.body);
    },
  );

  app.put(
    '/api/seeds/:seedId/billing/payment-methods/card/expiry',
    {
      schema: {
        tags,
        summary: '카드 유효기간(소유자만): 토스페이먼츠가 알려주지 않는 카드의 마지막 유효 월(YYYY-MM)을 저장 — 만료 전 달에 알림. 카드가 없으면 409',
        security: bearer,
        params: ZSeedParams,
        body: ZCardExpiryInput,
        response: { 200: ZPaymentMethod, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setCardExpiry(deps, billingAccess(request).seedId, request.body.expiresOn),
  );

  app.post(
    '/api/seeds/:seedId/billing/payment-methods/transfer',
    {
      schema: {
        tags,
        summary: '계좌이체로 결제(소유자만): 등록된 카드를 지우고, 청구서마다 입금할 가상계좌를 발급',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZPaymentMethod, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const access = billingAccess(request);
      return chooseTransfer(deps, access.seedId, access.userId);
    },
  );
};

const ZWebhookBody = z.union([ZTossStatusChanged, ZTossDepositCallback, z.looseObject({ eventType: z.string().min(1).max(64) })], {
  error: ko.billing.payments.server.webhookInvalid,
});

/**
 * Per IP: Toss sends from a few addresses, far below this even on a billing day; a flood is refused with 429 (Toss
 * retries a refused delivery later).
 */
export const TOSS_WEBHOOK_LIMIT = { max: 300, windowMs: 60_000 };

/** Public (Toss calls it): no sign-in; the body is checked (secret) and re-fetched from Toss before anything changes. */
export const tossWebhookRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.post(
    '/api/billing/webhooks/toss',
    {
      config: { rateLimit: routeLimit((r) => `toss-webhook:ip:${r.ip}`, TOSS_WEBHOOK_LIMIT) },
      schema: {
        tags,
        summary:
          '토스페이먼츠 웹훅(DEPOSIT_CALLBACK, PAYMENT_STATUS_CHANGED): 본문은 믿지 않고 토스에 다시 물어 반영, 같은 이벤트는 한 번만 — 비밀값 불일치 403',
        body: ZWebhookBody,
        response: { 200: z.object({ outcome: z.enum(['applied', 'ignored', 'rejected']) }), ...errorResponses(400, 403, 409, 429, 502) },
      },
    },
    async (request) => ({ outcome: (await handleTossWebhook(deps, request.body)).outcome }),
  );
};
