import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { billingTaxInvoices, billingWebhookEvents } from '../../db/schema-billing.ts';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestApp } from '../../test/helpers.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';
import { loginAs } from '../auth/testing/auth-test-kit.ts';
import { billingOf } from './billing.module.ts';
import { refundInvoice } from './payments.service.ts';
import { noticesOf } from './testing/cycle-test-kit.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { onInvoicePaid, onInvoiceRefunded, runTaxInvoices, taxInvoiceStates } from './tax-invoices.service.ts';
import { startFakePopbill, FAKE_POPBILL } from './testing/fake-popbill.ts';
import { startFakeToss, FAKE_TOSS_KEYS } from './testing/fake-toss.ts';
import { POPBILL_WEBHOOK_LIMIT } from './tax.routes.ts';
import { businessBody, invoiceRow, paidInvoice, refund, req, seedWithTeam, taxRows } from './testing/tax-test-kit.ts';

/** 'YYYY-MM-DD HH:mm' in Asia/Seoul → the instant. */
const kst = (s: string) => new Date(`${s.replace(' ', 'T')}:00+09:00`);

describe.each(dbKinds)('세금계산서 and cash receipts on %s', (kind) => {
  let app: TTestApp;
  let popbill: Awaited<ReturnType<typeof startFakePopbill>>;
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  let clock: TClock;
  let deps: TBillingDeps;
  const hook = () => `${app.origin}/api/billing/webhooks/popbill`;

  beforeAll(async () => {
    popbill = await startFakePopbill();
    clock = movableClock(kst('2026-11-30 23:00').getTime());
    toss = await startFakeToss({ ...FAKE_TOSS_KEYS, now: clock.now });
    app = await createTestApp(kind, { env: { ...popbill.env, ...toss.env, ...COMPANY_ENV }, now: clock.now, jobs: false, listen: true });
    deps = billingOf(app.app.ctx)!;
  });
  afterAll(async () => {
    await app?.close();
    await popbill?.close();
    await toss?.close();
  });

  /** A seed with business details and two invoices paid in November 2026 (and one in December). */
  async function businessSeed(number: string) {
    const team = await seedWithTeam(app);
    expect((await req(app, team.owner.token)('PUT', `/api/seeds/${team.seedId}/billing/business`, businessBody(number))).status).toBe(200);
    const a = await paidInvoice(app, team.seedId, { supply: 29_000, paidAt: kst('2026-11-03 10:00') });
    const b = await paidInvoice(app, team.seedId, { supply: 12_345, paidAt: kst('2026-11-20 15:30'), method: 'transfer' });
    const december = await paidInvoice(app, team.seedId, { supply: 99_000, paidAt: kst('2026-12-01 00:10') });
    return { ...team, a, b, december };
  }
  /** Tests that need the month's run: the clock on 2026-12-01 00:30 KST at least (each test passes alone too). */
  const december = () => {
    const target = kst('2026-12-01 00:30').getTime();
    if (clock.now().getTime() < target) clock.advance(target - clock.now().getTime());
  };
  const docsOf = (seedMgtKeys: string[]) => popbill.control.documents().filter((d) => seedMgtKeys.includes(d.mgtKey));

  it('issues one monthly 세금계산서 with the sums on the 1st (KST), and tracks it to 전송성공 by polling', async () => {
    const s = await businessSeed('2208162517');
    await runTaxInvoices(deps);
    expect(await taxRows(app, s.seedId)).toEqual([]);
    expect((await taxInvoiceStates(deps, [s.a.id, s.december.id])).get(s.a.id)).toEqual({ state: 'pending' });

    clock.advance(90 * 60_000); // 2026-12-01 00:30 KST
    await runTaxInvoices(deps);
    const [row, ...more] = await taxRows(app, s.seedId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ month: '2026-11', kind: 'normal', state: 'issued', stateCode: 300, supply: 41_345, tax: 2_900 + 1_234, total: 41_345 + 4_134 });
    expect(row!.mgtKey).toMatch(/^[A-Za-z0-9_-]{1,24}$/);
    expect([...row!.invoiceIds].sort()).toEqual([s.a.id, s.b.id].sort());
    const [doc] = docsOf([row!.mgtKey]);
    expect(doc!.invoice).toMatchObject({
      writeDate: '20261130',
      issueType: '정발행',
      purposeType: '영수',
      taxType: '과세',
      invoicerCorpNum: FAKE_POPBILL.corpNum,
      invoicerCorpName: COMPANY_ENV.COMPANY_NAME,
      invoiceeCorpNum: '2208162517',
      invoiceeCorpName: '주식회사 씨앗',
      supplyCostTotal: '41345',
      taxTotal: '4134',
      totalAmount: '45479',
    });
    expect((doc!.invoice.detailList as unknown[]).length).toBe(2);
    expect(row!.ntsConfirmNum).toBe(doc!.ntsConfirmNum);
    const states = await taxInvoiceStates(deps, [s.a.id, s.b.id, s.december.id]);
    expect(states.get(s.a.id)).toEqual({ state: 'issued', ntsConfirmNum: doc!.ntsConfirmNum });
    expect(states.get(s.december.id)).toEqual({ state: 'pending' });

    await runTaxInvoices(deps);
    expect(await taxRows(app, s.seedId)).toHaveLength(1);
    popbill.control.setState(row!.mgtKey, 304);
    await runTaxInvoices(deps);
    expect((await taxRows(app, s.seedId))[0]).toMatchObject({ state: 'sent', stateCode: 304 });
    expect((await taxInvoiceStates(deps, [s.b.id])).get(s.b.id)).toEqual({ state: 'sent', ntsConfirmNum: doc!.ntsConfirmNum });
  });

  it('applies Popbill’s callback once: re-fetched, a duplicate changes nothing, unknown and forged ones nothing either', async () => {
    december();
    const s = await businessSeed('1234567891');
    await runTaxInvoices(deps);
    const [row] = await taxRows(app, s.seedId);
    expect(row!.state).toBe('issued');

    // The body claims 304 but Popbill still says 300: nothing moves.
    const lie = await popbill.control.callback(hook(), row!.mgtKey, { mid: `lie-${row!.id}` });
    expect(lie).toMatchObject({ status: 200, body: { result: 'OK' } });
    expect((await taxRows(app, s.seedId))[0]!.state).toBe('issued');

    popbill.control.setState(row!.mgtKey, 304);
    const mid = `mid-${row!.id}`;
    expect(await popbill.control.callback(hook(), row!.mgtKey, { mid })).toMatchObject({ status: 200, body: { result: 'OK', outcome: 'applied' } });
    const after = (await taxRows(app, s.seedId))[0]!;
    expect(after).toMatchObject({ state: 'sent', stateCode: 304 });
    clock.advance(60_000);
    expect(await popbill.control.callback(hook(), row!.mgtKey, { mid })).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect((await taxRows(app, s.seedId))[0]).toEqual(after);
    const events = await app.database.db
      .select()
      .from(billingWebhookEvents)
      .where(eq(billingWebhookEvents.id, `popbill:${mid}`));
    expect(events).toHaveLength(1);

    expect(await popbill.control.callback(hook(), 'T202611-nosuchkey0', { mid: `unknown-${row!.id}` })).toMatchObject({
      status: 200,
      body: { outcome: 'ignored' },
    });
    // A row Popbill has never heard of (a forged event naming it): GetInfo finds nothing, the row stays as it is.
    const forgedKey = `T202611-forged${row!.id.slice(0, 6)}`;
    await app.database.db
      .insert(billingTaxInvoices)
      .values({ seedId: s.seedId, month: '2026-10', kind: 'modify', mgtKey: forgedKey, supply: 0, tax: 0, total: 0, state: 'issued' });
    expect(await popbill.control.callback(hook(), forgedKey, { mid: `forged-${row!.id}` })).toMatchObject({ status: 200, body: { outcome: 'rejected' } });
    expect((await taxRows(app, s.seedId)).find((r) => r.mgtKey === forgedKey)).toMatchObject({ state: 'issued', stateCode: null });
    await app.database.db.delete(billingTaxInvoices).where(eq(billingTaxInvoices.mgtKey, forgedKey));
    // Ignored and rejected events are logged, never stored (anyone can send them).
    const stored = await app.database.db
      .select()
      .from(billingWebhookEvents)
      .where(inArray(billingWebhookEvents.id, [`popbill:unknown-${row!.id}`, `popbill:forged-${row!.id}`]));
    expect(stored).toEqual([]);
    const bad = await app.app.inject({ method: 'POST', url: '/api/billing/webhooks/popbill', payload: { eventType: 'NTS' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ko.billing.tax.webhook.badBody);
  });

  it('answers a malformed Popbill event in Korean, field by field', async () => {
    const w = ko.billing.tax.webhook;
    const post = (payload: unknown) => app.app.inject({ method: 'POST', url: '/api/billing/webhooks/popbill', payload: payload as object });
    const cases: Array<[unknown, string]> = [
      [{ invoicerMgtKey: 'x'.repeat(25) }, w.mgtKey],
      [{ invoicerMgtKey: '' }, w.mgtKey],
      [{ mgtKey: 42 }, w.mgtKey],
      [{ invoicerMgtKey: 'T202611-a', eventType: 'x'.repeat(41) }, w.eventType],
      [{ invoicerMgtKey: 'T202611-a', stateCode: { code: 304 } }, w.stateCode],
      [[1, 2], w.badBody],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
  });

  it('limits Popbill events per sending address (429 past the limit), storing nothing for unknown ones', async () => {
    const ip = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const mgtKey = `T202611-flood${randomBytes(3).toString('hex')}`;
    const post = () => app.app.inject({ method: 'POST', url: '/api/billing/webhooks/popbill', remoteAddress: ip, payload: { invoicerMgtKey: mgtKey } });
    for (let i = 0; i < POPBILL_WEBHOOK_LIMIT.max; i += 1) expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not limited by this one's flood.
    const other = await app.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/popbill',
      remoteAddress: '198.51.100.7',
      payload: { invoicerMgtKey: mgtKey },
    });
    expect(other.json()).toEqual({ result: 'OK', outcome: 'ignored' });
    const rows = await app.database.db
      .select()
      .from(billingWebhookEvents)
      .where(sql`${billingWebhookEvents.detail}->>'mgtKey' = ${mgtKey}`);
    expect(rows).toEqual([]);
  });

  it('records 전송실패 (305) with the NTS result', async () => {
    december();
    const s = await businessSeed('1208147521');
    await runTaxInvoices(deps);
    const [row] = await taxRows(app, s.seedId);
    popbill.control.setState(row!.mgtKey, 305);
    await runTaxInvoices(deps);
    const failed = (await taxRows(app, s.seedId))[0]!;
    expect(failed).toMatchObject({ state: 'failed', stateCode: 305 });
    expect(failed.ntsResult).toContain('전송실패');
    expect((await taxInvoiceStates(deps, [s.a.id])).get(s.a.id)?.state).toBe('failed');
    // The owner heard of the issue and of the failure, each once (a second poll sends nothing more).
    await runTaxInvoices(deps);
    const notices = (await noticesOf(app, s.owner.id, 'billing.tax-invoice')).filter((n) => n.seedId === s.seedId);
    expect(notices.map((n) => n.dedupeKey).sort()).toEqual([`billing-tax:${row!.id}:failed`, `billing-tax:${row!.id}:issued`]);
  });

  it('a refund of an invoice on an issued 세금계산서 issues a 수정세금계산서 with negative amounts, once', async () => {
    december();
    const team = await seedWithTeam(app);
    await req(app, team.owner.token)('PUT', `/api/seeds/${team.seedId}/billing/business`, businessBody('1112223339'));
    const inv = await paidInvoice(app, team.seedId, { supply: 29_000, paidAt: kst('2026-11-10 09:00') });
    await runTaxInvoices(deps);
    const [original] = await taxRows(app, team.seedId);
    expect(original).toMatchObject({ state: 'issued', total: 31_900 });

    await refund(app, inv.id, 11_000, false);
    await onInvoiceRefunded(deps, inv.id, 11_000);
    await onInvoiceRefunded(deps, inv.id, 11_000);
    const rows = await taxRows(app, team.seedId);
    expect(rows).toHaveLength(2);
    const modify = rows.find((r) => r.kind === 'modify')!;
    expect(modify).toMatchObject({ originalId: original!.id, state: 'issued', supply: -10_000, tax: -1_000, total: -11_000, invoiceIds: [inv.id] });
    const doc = popbill.control.document(modify.mgtKey)!;
    expect(doc.invoice).toMatchObject({
      modifyCode: 2,
      orgNTSConfirmNum: original!.ntsConfirmNum,
      supplyCostTotal: '-10000',
      taxTotal: '-1000',
      totalAmount: '-11000',
    });

    // The rest refunded: a second 수정세금계산서 for what is left; the whole original now reversed.
    await refund(app, inv.id, 31_900, true);
    await onInvoiceRefunded(deps, inv.id, 20_900);
    const modifies = (await taxRows(app, team.seedId)).filter((r) => r.kind === 'modify');
    expect(modifies.map((r) => r.total).sort((x, y) => x - y)).toEqual([-20_900, -11_000]);
    expect(modifies.reduce((sum, r) => sum + r.supply, 0)).toBe(-29_000);
  });

  it('a refund before the month’s issue lowers the 세금계산서; one after it reverses only what was invoiced', async () => {
    december();
    const team = await seedWithTeam(app);
    await req(app, team.owner.token)('PUT', `/api/seeds/${team.seedId}/billing/business`, businessBody('1048601232'));
    const a = await paidInvoice(app, team.seedId, { supply: 29_000, paidAt: kst('2026-11-05 09:00') });
    const b = await paidInvoice(app, team.seedId, { supply: 12_345, paidAt: kst('2026-11-06 09:00') });
    await refund(app, a.id, 11_000, false);
    await runTaxInvoices(deps);
    const [original] = await taxRows(app, team.seedId);
    expect(original).toMatchObject({ state: 'issued', supply: 19_000 + 12_345, tax: 1_900 + 1_234 });
    await onInvoiceRefunded(deps, a.id, 11_000);
    expect(await taxRows(app, team.seedId)).toHaveLength(1);

    await refund(app, a.id, a.total, true);
    await onInvoiceRefunded(deps, a.id, 20_900);
    const modify = (await taxRows(app, team.seedId)).find((r) => r.kind === 'modify')!;
    expect(modify).toMatchObject({ supply: -19_000, tax: -1_900, total: -20_900, invoiceIds: [a.id] });
    expect(popbill.control.document(modify.mgtKey)!.invoice.modifyCode).toBe(2);
    expect(b.total).toBe(13_579);
  });

  it('a full refund of the only invoice reverses the original exactly (계약의 해제, modifyCode 4)', async () => {
    december();
    const team = await seedWithTeam(app);
    await req(app, team.owner.token)('PUT', `/api/seeds/${team.seedId}/billing/business`, businessBody('3214567893'));
    const inv = await paidInvoice(app, team.seedId, { supply: 12_345, paidAt: kst('2026-11-11 09:00') });
    await runTaxInvoices(deps);
    const [original] = await taxRows(app, team.seedId);
    await refund(app, inv.id, inv.total, true);
    await onInvoiceRefunded(deps, inv.id, inv.total);
    const modify = (await taxRows(app, team.seedId)).find((r) => r.kind === 'modify')!;
    expect(modify).toMatchObject({ supply: -original!.supply, tax: -original!.tax, total: -original!.total, state: 'issued' });
    expect(popbill.control.document(modify.mgtKey)!.invoice.modifyCode).toBe(4);
  });

  it('an individual’s transfer gets a cash receipt (owner’s phone, else 010-000-1234); cards and businesses none', async () => {
    const person = await seedWithTeam(app, { ownerPhone: '010-2345-6789' });
    const transfer = await paidInvoice(app, person.seedId, { supply: 29_000, paidAt: clock.now(), method: 'transfer' });
    const card = await paidInvoice(app, person.seedId, { supply: 29_000, paidAt: clock.now(), method: 'card' });
    await onInvoicePaid(deps, transfer.id);
    await onInvoicePaid(deps, transfer.id);
    await onInvoicePaid(deps, card.id);
    const stored = (await invoiceRow(app, transfer.id)).cashReceipt!;
    expect(stored).toMatchObject({ type: '소득공제', identity: '010****6789', selfIssued: false });
    expect((await invoiceRow(app, card.id)).cashReceipt).toBeNull();
    const receipts = toss.control.cashReceipts().filter((r) => r.orderName === transfer.number);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ amount: transfer.total, type: '소득공제', receiptKey: stored.receiptKey });
    expect((await taxInvoiceStates(deps, [transfer.id, card.id])).get(transfer.id)).toEqual({ state: 'cash-receipt' });

    const anonymous = await seedWithTeam(app);
    const inv = await paidInvoice(app, anonymous.seedId, { supply: 1_000, paidAt: clock.now(), method: 'transfer' });
    await onInvoicePaid(deps, inv.id);
    expect((await invoiceRow(app, inv.id)).cashReceipt).toMatchObject({ selfIssued: true, identity: '010***1234' });

    const company = await seedWithTeam(app);
    await req(app, company.owner.token)('PUT', `/api/seeds/${company.seedId}/billing/business`, businessBody('5556667773'));
    const biz = await paidInvoice(app, company.seedId, { supply: 1_000, paidAt: clock.now(), method: 'transfer' });
    await onInvoicePaid(deps, biz.id);
    expect((await invoiceRow(app, biz.id)).cashReceipt).toBeNull();
  });

  it('retries a failed issue on the next run, and after the 10th gives up as failed', async () => {
    december();
    const s = await businessSeed('9876543215');
    popbill.control.failIssues(1);
    await runTaxInvoices(deps);
    const [first] = await taxRows(app, s.seedId);
    expect(first).toMatchObject({ state: 'pending' });
    expect(first!.error).toBeTruthy();
    // A November payment recorded late joins the month's row while it is still pending.
    const late29 = await paidInvoice(app, s.seedId, { supply: 1_000, paidAt: kst('2026-11-29 12:00') });
    clock.advance(60 * 60_000);
    await runTaxInvoices(deps);
    const issued = (await taxRows(app, s.seedId))[0]!;
    expect(issued).toMatchObject({ state: 'issued', error: null, supply: 29_000 + 12_345 + 1_000, tax: 2_900 + 1_234 + 100 });
    expect([...issued.invoiceIds].sort()).toEqual([s.a.id, s.b.id, late29.id].sort());
    expect(popbill.control.document(issued.mgtKey)!.invoice.totalAmount).toBe(String(issued.total));

    const late = await businessSeed('5556667773');
    popbill.control.failIssues(1_000);
    try {
      await runTaxInvoices(deps);
      expect((await taxRows(app, late.seedId))[0]).toMatchObject({ state: 'pending' });
      clock.advance(kst('2026-12-11 00:30').getTime() - clock.now().getTime());
      await runTaxInvoices(deps);
      expect((await taxRows(app, late.seedId))[0]).toMatchObject({ state: 'failed', stateCode: null });
      expect(docsOf([(await taxRows(app, late.seedId))[0]!.mgtKey])).toEqual([]);
    } finally {
      popbill.control.failIssues(0);
    }
  });
});

/** The whole way, through the other parts' real code: card → upgrade charged → paid → 세금계산서 → 전송성공 → refund. */
describe.each(dbKinds)('billing to 세금계산서, end to end through the fakes, on %s', (kind) => {
  let app: TTestApp;
  let popbill: Awaited<ReturnType<typeof startFakePopbill>>;
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  let clock: TClock;
  let deps: TBillingDeps;

  beforeAll(async () => {
    popbill = await startFakePopbill();
    clock = movableClock(kst('2026-11-20 10:00').getTime());
    toss = await startFakeToss({ ...FAKE_TOSS_KEYS, now: clock.now });
    app = await createTestApp(kind, { env: { ...popbill.env, ...toss.env, ...COMPANY_ENV }, now: clock.now, jobs: false, listen: true });
    deps = billingOf(app.app.ctx)!;
  });
  afterAll(async () => {
    await app?.close();
    await popbill?.close();
    await toss?.close();
  });

  it('a card-paid upgrade ends on an issued 세금계산서 tracked to 전송성공; a transfer by an individual gets a cash receipt', async () => {
    const biz = await seedWithTeam(app);
    const owner = req(app, biz.owner.token);
    const base = `/api/seeds/${biz.seedId}/billing`;
    expect((await owner('PUT', `${base}/business`, businessBody('2208162517'))).status).toBe(200);
    const auth = await owner('GET', `${base}/payment-methods/card/auth`);
    const authKey = toss.control.authKeyFor(auth.body.customerKey);
    expect((await owner('POST', `${base}/payment-methods/card`, { authKey, customerKey: auth.body.customerKey })).status).toBe(200);
    expect((await owner('PUT', `${base}/plan`, { planId: 'starter', interval: 'month' })).status).toBe(200);
    const [paid] = (await owner('GET', `${base}/invoices`)).body.data as { id: string; status: string; total: number; taxInvoice: unknown }[];
    expect(paid).toMatchObject({ status: 'paid', taxInvoice: { state: 'pending' } });

    const person = await seedWithTeam(app, { ownerPhone: '01098765432' });
    const personApi = req(app, person.owner.token);
    const pBase = `/api/seeds/${person.seedId}/billing`;
    expect((await personApi('POST', `${pBase}/payment-methods/transfer`)).status).toBe(200);
    await personApi('PUT', `${pBase}/plan`, { planId: 'starter', interval: 'month' });
    const [waiting] = (await personApi('GET', `${pBase}/invoices`)).body.data as { id: string; status: string }[];
    expect(waiting!.status).toBe('waiting_deposit');
    const deposit = toss.control.deposit((await invoiceRow(app, waiting!.id)).orderId);
    expect((await app.app.inject({ method: 'POST', url: '/api/billing/webhooks/toss', payload: deposit })).statusCode).toBe(200);
    const receipted = (await personApi('GET', `${pBase}/invoices/${waiting!.id}`)).body;
    expect(receipted).toMatchObject({ status: 'paid', taxInvoice: { state: 'cash-receipt' }, cashReceipt: { type: '소득공제' } });
    expect(receipted.cashReceipt.receiptUrl).toContain('/_fake/cash-receipt/');

    // Business details entered after the cash receipt: that payment never goes on a 세금계산서 as well.
    expect((await personApi('PUT', `${pBase}/business`, businessBody('1058777770'))).status).toBe(200);
    clock.advance(kst('2026-12-01 00:30').getTime() - clock.now().getTime());
    await runTaxInvoices(deps);
    // Ten days on, the morning's sessions are over: sign in again.
    const ownerNow = (await loginAs(app, biz.owner.email)).tokens.access_token;
    const detail = (await req(app, ownerNow)('GET', `${base}/invoices/${paid!.id}`)).body;
    expect(detail.taxInvoice.state).toBe('issued');
    const [row] = await taxRows(app, biz.seedId);
    expect(row).toMatchObject({ month: '2026-11', total: paid!.total, ntsConfirmNum: detail.taxInvoice.ntsConfirmNum });
    popbill.control.setState(row!.mgtKey, 304);
    expect((await popbill.control.callback(`${app.origin}/api/billing/webhooks/popbill`, row!.mgtKey)).body).toMatchObject({ outcome: 'applied' });
    const sent = await req(app, (await loginAs(app, biz.admin.email)).tokens.access_token)('GET', `${base}/invoices/${paid!.id}`);
    expect(sent.body.taxInvoice).toEqual({ state: 'sent', ntsConfirmNum: row!.ntsConfirmNum });
    expect((await taxRows(app, person.seedId)).length).toBe(0);

    // Refunded in full through Toss: a 수정세금계산서 (계약의 해제) reverses the original at once.
    await refundInvoice(deps, paid!.id, undefined, '서비스 해지');
    const modify = (await taxRows(app, biz.seedId)).find((r) => r.kind === 'modify')!;
    expect(modify).toMatchObject({ originalId: row!.id, state: 'issued', total: -row!.total, supply: -row!.supply, tax: -row!.tax });
    expect(popbill.control.document(modify.mgtKey)!.invoice).toMatchObject({ modifyCode: 4, orgNTSConfirmNum: row!.ntsConfirmNum, writeDate: '20261201' });
  });
});
