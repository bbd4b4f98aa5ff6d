import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { dbKinds } from '../../test/helpers.ts';
import { billingApi } from './testing/invoices-test-kit.ts';
import { memberOf, ownerWithSeed, paymentsTestApp, registerCard, type TPaymentsTest } from './testing/payments-test-kit.ts';
import { noticesOf } from './testing/cycle-test-kit.ts';
import { noticeExpiringCards } from './cycle.service.ts';

const DAY = 86_400_000;

for (const kind of dbKinds) {
  describe(`card expiry entered by the owner (${kind})`, () => {
    let s: TPaymentsTest;
    beforeAll(async () => {
      s = await paymentsTestApp(kind);
    });
    afterAll(async () => s?.close());

    it('stores the month the owner reads on the card, refuses bad input, and announces it the month before', async () => {
      const { owner, seedId } = await ownerWithSeed(s.t);
      const put = (token: string, body: unknown) => billingApi(s.t, token)('PUT', `/api/seeds/${seedId}/billing/payment-methods/card/expiry`, body);

      // No card yet: nothing to attach the month to.
      expect((await put(owner.token, { expiresOn: '2027-01' })).status).toBe(409);
      expect((await registerCard(s, owner.token, seedId)).status).toBe(200);

      // The clock is 2026-11 (Seoul): a past month, a malformed one and extra fields are 400 with the Korean message.
      for (const body of [{ expiresOn: '2026-10' }, { expiresOn: '2027-13' }, { expiresOn: '27-01' }, { expiresOn: '2027-01', x: 1 }, {}]) {
        const res = await put(owner.token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await put(owner.token, { expiresOn: '2026-10' })).body).toMatchObject({
        error: ko.billing.validation.cardExpiry,
        details: [{ path: 'expiresOn' }],
      });

      // Only the owner: an admin of the seed is refused by the billing guard.
      const admin = await memberOf(s.t, seedId, 'admin');
      expect((await put(admin.token, { expiresOn: '2027-01' })).status).toBe(403);

      const saved = await put(owner.token, { expiresOn: '2026-12' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ kind: 'card', cardExpiresOn: '2026-12' });
      const overview = await billingApi(s.t, owner.token)('GET', `/api/seeds/${seedId}/billing`);
      expect(overview.body.paymentMethod.cardExpiresOn).toBe('2026-12');

      // December is next month: the expiry schedule tells the owner once.
      await noticeExpiringCards(s.deps, s.clock.now());
      await noticeExpiringCards(s.deps, s.clock.now());
      const notices = (await noticesOf(s.t, owner.id, 'billing.card-expiring')).filter((n) => n.seedId === seedId);
      expect(notices).toHaveLength(1);

      // A new card forgets the old card's month.
      s.clock.advance(DAY);
      expect((await registerCard(s, owner.token, seedId, '5330123412341234')).body.cardExpiresOn).toBeNull();
    });
  });
}
