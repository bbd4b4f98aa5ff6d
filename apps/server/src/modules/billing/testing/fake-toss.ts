/**
 * Fake Toss Payments on loopback (tests and the development server): the endpoints the adapter calls, with Toss's
 * documented shapes, Basic authentication with the secret key and Idempotency-Key (the same key on the same path
 * answers the stored first answer, a failure included, and makes one payment), plus the browser part: `GET /v1/payment`
 * serves an SDK-compatible script whose `TossPayments(clientKey).requestBillingAuth('카드', {...})` navigates to the
 * fake's card window `/_fake/billing-auth`, which redirects to successUrl (customerKey, authKey) or failUrl.
 *
 * `GET /_fake/payments` lists the payments made; `POST /_fake/deposit { orderId, webhookUrl }` pays a waiting virtual account and sends its DEPOSIT_CALLBACK to
 * `webhookUrl` (e.g. http://127.0.0.1:3000/api/billing/webhooks/toss) — for the development server and e2e specs.
 *
 * Test cards (any expiry in the future, any 생년월일 6자리 or 사업자번호 10자리, any 2 password digits):
 * - a card number ending in 0000 is registered but DECLINED at every charge (REJECT_CARD_PAYMENT);
 * - a card number ending in 9999 is refused already in the window (INVALID_CARD_NUMBER);
 * - any other 15–16 digit number is approved. A number starting 4 is 신한, 5 국민, 3 현대, else 삼성.
 *
 *   const toss = await startFakeToss({ secretKey, clientKey });
 *   toss.control.decline({ customerKey }); toss.control.timeoutNext(); toss.control.payments();
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml as esc } from '../../../lib/html.ts';
import { fakeTossCardWindow, fakeTossSdkScript } from './fake-toss-browser.ts';

export type TFakeTossOptions = {
  secretKey: string;
  clientKey: string;
  port?: number;
  host?: string;
  /** The fake's clock for the times it answers (approvedAt, dueDate, …): a test passes its app's movable clock. */
  now?: () => Date;
};

type TCard = { number: string; company: string; issuerCode: string; cardType: '신용' | '체크'; ownerType: '개인' | '법인'; expiry: string };
type TPayment = Record<string, unknown> & { paymentKey: string; orderId: string; status: string; totalAmount: number; balanceAmount: number };
type TAnswer = { status: number; body: unknown };
type TDecline = { customerKey?: string; cardNumber?: string; code: string; message: string; times: number };
export type TFakeTossRequest = { method: string; path: string; authorized: boolean; idempotencyKey: string | null; body: unknown };

const COMPANIES: Record<string, [string, string]> = { '4': ['신한', '41'], '5': ['국민', '11'], '3': ['현대', '61'] };
const BANKS: Record<string, string> = { '88': '신한', '20': '우리', '04': 'KB국민', '11': 'NH농협', '81': '하나', '03': 'IBK기업' };

export const FAKE_TOSS_KEYS = { clientKey: 'test_ck_fake_toss_client_key', secretKey: 'test_sk_fake_toss_secret_key' };

const maskCard = (n: string) => `${n.slice(0, 4)}****${n.slice(8, 12)}***`;
const maskIdentity = (n: string) => (n.length > 4 ? `${n.slice(0, 3)}${'*'.repeat(n.length - 4)}${n.slice(-1)}` : n);
const kstIso = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+09:00');
const key = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeToss(opts: TFakeTossOptions) {
  // A stand-alone fake server (serve-fake-billing.ts) runs on the machine's clock.
  const clock = opts.now ?? (() => new Date());
  const authKeys = new Map<string, { customerKey: string; card: TCard }>();
  const billingKeys = new Map<string, { customerKey: string; card: TCard }>();
  const payments = new Map<string, TPayment>();
  const idempotent = new Map<string, TAnswer>();
  const cashReceipts: Record<string, unknown>[] = [];
  const cashReceiptCancels: Record<string, unknown>[] = [];
  const requests: TFakeTossRequest[] = [];
  let declines: TDecline[] = [];
  const timeouts: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${opts.secretKey}:`).toString('base64')}`;
  const held = new Set<ReturnType<typeof setTimeout>>();

  const err = (status: number, code: string, message: string): TAnswer => ({ status, body: { code, message } });
  const byOrder = (orderId: string) => [...payments.values()].filter((p) => p.orderId === orderId);

  function cardOf(number: string, expiry = '12/30', owner = ''): TCard {
    const [company, issuerCode] = COMPANIES[number[0] ?? ''] ?? ['삼성', '51'];
    return { number, company, issuerCode, cardType: '신용', ownerType: owner.length === 10 ? '법인' : '개인', expiry };
  }

  function issueAuthKey(customerKey: string, card: TCard): string {
    const authKey = key('bln_');
    authKeys.set(authKey, { customerKey, card });
    return authKey;
  }

  function basePayment(p: { orderId: string; orderName: string; amount: number; method: string; status: string; type: string }): TPayment {
    const now = clock();
    const paymentKey = key('tgen_');
    return {
      mId: 'tvivarepublica',
      version: '2022-11-16',
      paymentKey,
      lastTransactionKey: key('txrd_'),
      type: p.type,
      orderId: p.orderId,
      orderName: p.orderName,
      currency: 'KRW',
      method: p.method,
      status: p.status,
      requestedAt: kstIso(now),
      approvedAt: p.status === 'DONE' ? kstIso(now) : null,
      useEscrow: false,
      cultureExpense: false,
      card: null,
      virtualAccount: null,
      secret: null,
      receipt: { url: `${url}/_fake/receipt/${paymentKey}` },
      cancels: null,
      isPartialCancelable: true,
      totalAmount: p.amount,
      balanceAmount: p.amount,
      suppliedAmount: p.amount - Math.floor(p.amount / 11),
      vat: Math.floor(p.amount / 11),
      taxFreeAmount: 0,
      country: 'KR',
      failure: null,
      cashReceipt: null,
    };
  }

  function declineFor(customerKey: string, card: TCard): TDecline | null {
    const d = declines.find((x) => (x.customerKey && x.customerKey === customerKey) || (x.cardNumber && card.number.endsWith(x.cardNumber)));
    if (d) {
      d.times -= 1;
      if (d.times <= 0) declines = declines.filter((x) => x !== d);
      return d;
    }
    if (card.number.endsWith('0000')) return { code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.', times: 1 };
    return null;
  }

  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  const orderIdOk = (v: string) => /^[A-Za-z0-9_-]{6,64}$/.test(v);

  function chargeBilling(billingKey: string, b: Record<string, unknown>): TAnswer {
    const billing = billingKeys.get(billingKey);
    if (!billing) return err(404, 'NOT_FOUND_BILLING', '존재하지 않는 빌링키입니다.');
    if (str(b.customerKey) !== billing.customerKey) return err(403, 'NOT_MATCHES_CUSTOMER_KEY', '빌링키 인증 정보와 customerKey가 일치하지 않습니다.');
    const amount = int(b.amount);
    const orderId = str(b.orderId);
    if (!amount || !orderIdOk(orderId) || !str(b.orderName)) return err(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    if (byOrder(orderId).some((p) => p.status !== 'ABORTED'))
      return err(400, 'DUPLICATED_ORDER_ID', '이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요.');
    const decline = declineFor(billing.customerKey, billing.card);
    if (decline) return err(400, decline.code, decline.message);
    const p = basePayment({ orderId, orderName: str(b.orderName), amount, method: '카드', status: 'DONE', type: 'BILLING' });
    const c = billing.card;
    p.card = {
      issuerCode: c.issuerCode,
      acquirerCode: c.issuerCode,
      number: maskCard(c.number),
      installmentPlanMonths: 0,
      isInterestFree: false,
      approveNo: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
      useCardPoint: false,
      cardType: c.cardType,
      ownerType: c.ownerType,
      acquireStatus: 'READY',
      amount,
    };
    payments.set(p.paymentKey, p);
    return { status: 200, body: p };
  }

  function virtualAccount(b: Record<string, unknown>): TAnswer {
    const amount = int(b.amount);
    const orderId = str(b.orderId);
    const bank = str(b.bank);
    if (!amount || !orderIdOk(orderId) || !str(b.orderName) || !str(b.customerName)) return err(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    const bankCode = BANKS[bank] ? bank : Object.entries(BANKS).find(([, name]) => name === bank)?.[0];
    if (!bankCode) return err(400, 'INVALID_BANK', '유효하지 않은 은행입니다.');
    if (byOrder(orderId).length) return err(400, 'DUPLICATED_ORDER_ID', '이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요.');
    const validHours = typeof b.validHours === 'number' ? b.validHours : 168;
    const p = basePayment({ orderId, orderName: str(b.orderName), amount, method: '가상계좌', status: 'WAITING_FOR_DEPOSIT', type: 'NORMAL' });
    p.virtualAccount = {
      accountType: '일반',
      accountNumber: `${562 + Math.floor(Math.random() * 400)}${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`,
      bankCode,
      customerName: str(b.customerName),
      dueDate: kstIso(new Date(clock().getTime() + validHours * 3600_000)),
      refundStatus: 'NONE',
      expired: false,
      settlementStatus: 'INCOMPLETED',
      refundReceiveAccount: null,
    };
    p.secret = randomBytes(24).toString('base64url');
    payments.set(p.paymentKey, p);
    return { status: 200, body: p };
  }

  function cancel(paymentKey: string, b: Record<string, unknown>): TAnswer {
    const p = payments.get(paymentKey);
    if (!p) return err(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    if (!str(b.cancelReason)) return err(400, 'INVALID_REQUEST', '취소 사유를 입력해주세요.');
    if (p.status !== 'DONE' && p.status !== 'PARTIAL_CANCELED') return err(400, 'NOT_CANCELABLE_PAYMENT', '취소 할 수 없는 결제 입니다.');
    const amount = b.cancelAmount === undefined ? p.balanceAmount : int(b.cancelAmount);
    if (!amount || amount > p.balanceAmount) return err(400, 'NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.');
    // A virtual-account payment is refunded by bank transfer: Toss needs the account to send it to.
    const account = b.refundReceiveAccount && typeof b.refundReceiveAccount === 'object' ? (b.refundReceiveAccount as Record<string, unknown>) : null;
    if (p.method === '가상계좌') {
      if (!account || !str(account.bank) || !str(account.accountNumber) || !str(account.holderName))
        return err(400, 'INVALID_REQUEST', '가상계좌 결제를 취소하려면 환불 계좌 정보(refundReceiveAccount)가 필요합니다.');
      if (!BANKS[str(account.bank)]) return err(400, 'INVALID_BANK', '유효하지 않은 은행입니다.');
      if (!/^\d{6,20}$/.test(str(account.accountNumber))) return err(400, 'INVALID_REFUND_ACCOUNT_NUMBER', '잘못된 환불 계좌번호입니다.');
      (p.virtualAccount as Record<string, unknown>).refundReceiveAccount = {
        bank: str(account.bank),
        accountNumber: `${str(account.accountNumber).slice(0, 3)}*****${str(account.accountNumber).slice(-4)}`,
        holderName: str(account.holderName),
      };
    }
    const transactionKey = key('txrd_');
    p.cancels = [
      ...((p.cancels as unknown[] | null) ?? []),
      { cancelAmount: amount, cancelReason: str(b.cancelReason), canceledAt: kstIso(clock()), transactionKey },
    ];
    p.balanceAmount -= amount;
    p.status = p.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
    p.lastTransactionKey = transactionKey;
    return { status: 200, body: p };
  }

  function cashReceipt(b: Record<string, unknown>): TAnswer {
    const amount = int(b.amount);
    const type = str(b.type);
    const identity = str(b.customerIdentityNumber).replace(/-/g, '');
    if (!amount || !orderIdOk(str(b.orderId)) || !str(b.orderName) || (type !== '소득공제' && type !== '지출증빙') || !/^\d{10,18}$/.test(identity)) {
      return err(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    }
    const receiptKey = key('rcpt_');
    const receipt = {
      receiptKey,
      issueNumber: String(100_000_000 + cashReceipts.length),
      issueStatus: 'COMPLETED',
      amount,
      taxFreeAmount: int(b.taxFreeAmount) ?? 0,
      orderId: str(b.orderId),
      orderName: str(b.orderName),
      type,
      transactionType: 'CONFIRM',
      businessNumber: '1234567890',
      customerIdentityNumber: maskIdentity(identity),
      failure: null,
      requestedAt: kstIso(clock()),
      receiptUrl: `${url}/_fake/cash-receipt/${receiptKey}`,
    };
    cashReceipts.push(receipt);
    return { status: 200, body: receipt };
  }

  /** 현금영수증 취소: `amount` for a part of what is left, none for all of it. */
  function cancelCashReceipt(receiptKey: string, b: Record<string, unknown>): TAnswer {
    const receipt = cashReceipts.find((r) => r.receiptKey === receiptKey);
    if (!receipt) return err(404, 'NOT_FOUND_CASH_RECEIPT', '존재하지 않는 현금영수증입니다.');
    const left = (receipt.amount as number) - cashReceiptCancels.filter((c) => c.receiptKey === receiptKey).reduce((n, c) => n + (c.amount as number), 0);
    const amount = b.amount === undefined ? left : int(b.amount);
    if (!amount || amount > left) return err(400, 'NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.');
    const cancelled = { ...receipt, transactionType: 'CANCEL', issueStatus: 'COMPLETED', amount, requestedAt: kstIso(clock()) };
    cashReceiptCancels.push(cancelled);
    return { status: 200, body: cancelled };
  }

  /** The API: authenticated, idempotent where Toss is. */
  function api(method: string, path: string, b: Record<string, unknown>, idemKey: string | null): TAnswer {
    if (method === 'POST' && path === '/v1/billing/authorizations/issue') {
      const auth = authKeys.get(str(b.authKey));
      if (!auth || auth.customerKey !== str(b.customerKey)) return err(400, 'INVALID_AUTH_KEY', '인증 키가 유효하지 않습니다.');
      authKeys.delete(str(b.authKey));
      const billingKey = key('bk_');
      billingKeys.set(billingKey, auth);
      const c = auth.card;
      return {
        status: 200,
        body: {
          mId: 'tvivarepublica',
          customerKey: auth.customerKey,
          authenticatedAt: kstIso(clock()),
          method: '카드',
          billingKey,
          cardCompany: c.company,
          cardNumber: maskCard(c.number),
          card: { issuerCode: c.issuerCode, acquirerCode: c.issuerCode, number: maskCard(c.number), cardType: c.cardType, ownerType: c.ownerType },
        },
      };
    }
    const billing = /^\/v1\/billing\/([^/]+)$/.exec(path);
    const paymentKey = /^\/v1\/payments\/([^/]+)$/.exec(path);
    const byOrderId = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    const cancelPath = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    const receiptCancel = /^\/v1\/cash-receipts\/([^/]+)\/cancel$/.exec(path);
    const moving = (method === 'POST' &&
      (billing || cancelPath || receiptCancel || path === '/v1/virtual-accounts' || path === '/v1/cash-receipts')) as boolean;
    if (moving && idemKey) {
      const stored = idempotent.get(`${path}|${idemKey}`);
      if (stored) return stored;
    }
    let answer: TAnswer;
    if (method === 'POST' && billing) answer = chargeBilling(decodeURIComponent(billing[1]!), b);
    else if (method === 'POST' && path === '/v1/virtual-accounts') answer = virtualAccount(b);
    else if (method === 'POST' && cancelPath) answer = cancel(decodeURIComponent(cancelPath[1]!), b);
    else if (method === 'POST' && path === '/v1/cash-receipts') answer = cashReceipt(b);
    else if (method === 'POST' && receiptCancel) answer = cancelCashReceipt(decodeURIComponent(receiptCancel[1]!), b);
    else if (method === 'GET' && byOrderId) {
      const found = byOrder(decodeURIComponent(byOrderId[1]!)).at(-1);
      answer = found ? { status: 200, body: found } : err(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    } else if (method === 'GET' && paymentKey) {
      const found = payments.get(decodeURIComponent(paymentKey[1]!));
      answer = found ? { status: 200, body: found } : err(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    } else answer = err(404, 'NOT_FOUND', '요청한 경로를 찾을 수 없습니다.');
    if (moving && idemKey) idempotent.set(`${path}|${idemKey}`, answer);
    return answer;
  }

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json;charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://fake');
    const raw = req.method === 'POST' ? await readBody(req) : '';
    // The browser part: the SDK script and the card window (no authentication, like Toss's own pages).
    if (req.method === 'GET' && u.pathname === '/v1/payment') return send(res, 200, fakeTossSdkScript(url), 'text/javascript;charset=utf-8');
    if (u.pathname === '/_fake/billing-auth') {
      const page = fakeTossCardWindow({
        method: req.method ?? 'GET',
        query: u.searchParams,
        form: new URLSearchParams(raw),
        clientKey: opts.clientKey,
        issue: (customerKey, number, expiry, owner) => issueAuthKey(customerKey, cardOf(number, expiry, owner)),
      });
      if (page.redirect) {
        res.writeHead(303, { location: page.redirect });
        return res.end();
      }
      return send(res, page.status, page.html, 'text/html;charset=utf-8');
    }
    if (req.method === 'GET' && u.pathname === '/_fake/payments') return send(res, 200, { payments: [...payments.values()] });
    if (req.method === 'POST' && u.pathname === '/_fake/deposit') {
      // The development server's and end-to-end tests' "someone paid into the virtual account": { orderId, webhookUrl }.
      const b = (() => {
        try {
          return JSON.parse(raw) as { orderId?: unknown; webhookUrl?: unknown };
        } catch {
          return {};
        }
      })();
      const orderId = typeof b.orderId === 'string' ? b.orderId : '';
      const waiting = byOrder(orderId).at(-1);
      if (!waiting || waiting.status !== 'WAITING_FOR_DEPOSIT')
        return send(res, 404, { code: 'NOT_FOUND_PAYMENT', message: '입금을 기다리는 가상계좌가 없습니다.' });
      const callback = control.deposit(orderId);
      const delivered = typeof b.webhookUrl === 'string' && /^https?:\/\//.test(b.webhookUrl) ? await post(b.webhookUrl, callback) : null;
      return send(res, 200, { payment: waiting, webhook: delivered });
    }
    if (req.method === 'GET' && (u.pathname.startsWith('/_fake/receipt/') || u.pathname.startsWith('/_fake/cash-receipt/'))) {
      return send(
        res,
        200,
        `<!doctype html><meta charset="utf-8"><title>영수증</title><h1>가짜 토스페이먼츠 영수증</h1><p>${esc(u.pathname.split('/').at(-1) ?? '')}</p>`,
        'text/html;charset=utf-8',
      );
    }
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, 400, { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' });
      }
    }
    const authorized = req.headers.authorization === expectedAuth;
    const idemKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    requests.push({ method: req.method ?? 'GET', path: u.pathname, authorized, idempotencyKey: idemKey, body });
    if (!authorized) return send(res, 401, { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' });
    if (idemKey !== null && (idemKey.length < 1 || idemKey.length > 300))
      return send(res, 400, { code: 'INVALID_REQUEST', message: 'Idempotency-Key는 300자 이하여야 합니다.' });
    const answer = api(req.method ?? 'GET', u.pathname, body, idemKey);
    const delay = timeouts.shift();
    if (delay !== undefined) {
      // Processed and recorded; the answer comes after the client gave up.
      const timer = setTimeout(() => {
        held.delete(timer);
        if (!res.destroyed) send(res, answer.status, answer.body);
      }, delay);
      held.add(timer);
      return;
    }
    send(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  async function post(target: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  }

  const lastOf = (orderId: string) => {
    const p = byOrder(orderId).at(-1);
    if (!p) throw new Error(`fake toss: no payment for order ${orderId}`);
    return p;
  };

  const control = {
    /** Declines the next charges (`times`, default every one until `clearDeclines`) of a customerKey or of cards ending in `cardNumber`. */
    decline(d: { customerKey?: string; cardNumber?: string; code?: string; message?: string; times?: number }) {
      declines.push({
        ...(d.customerKey ? { customerKey: d.customerKey } : {}),
        ...(d.cardNumber ? { cardNumber: d.cardNumber } : {}),
        code: d.code ?? 'REJECT_CARD_PAYMENT',
        message: d.message ?? '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
        times: d.times ?? Number.POSITIVE_INFINITY,
      });
    },
    clearDeclines() {
      declines = [];
    },
    /** The next API call is processed and recorded, but answered only after `ms` (longer than the client's timeout). */
    timeoutNext(ms = 2_000) {
      timeouts.push(ms);
    },
    /** An authKey as the card window would hand back (tests that skip the browser). */
    authKeyFor(customerKey: string, cardNumber = '4330123412341234', expiry = '12/30') {
      return issueAuthKey(customerKey, cardOf(cardNumber, expiry));
    },
    payments: () => [...payments.values()],
    payment: (paymentKey: string) => payments.get(paymentKey),
    paymentsOfOrder: byOrder,
    cashReceipts: () => [...cashReceipts],
    /** The 현금영수증 cancels made (each the receipt with transactionType CANCEL and the amount cancelled). */
    cashReceiptCancels: () => [...cashReceiptCancels],
    requests: () => [...requests],
    /** The virtual account of `orderId` receives its deposit (status DONE); returns the DEPOSIT_CALLBACK body to send. */
    deposit(orderId: string) {
      const p = lastOf(orderId);
      if (p.status !== 'WAITING_FOR_DEPOSIT') throw new Error(`fake toss: order ${orderId} is ${p.status}`);
      p.status = 'DONE';
      p.approvedAt = kstIso(clock());
      p.lastTransactionKey = key('txrd_');
      return control.depositCallback(orderId);
    },
    /** A DEPOSIT_CALLBACK body for the latest payment of `orderId` (fields overridable: a wrong secret, an old status…). */
    depositCallback(orderId: string, overrides: Partial<{ secret: string; status: string; transactionKey: string; createdAt: string }> = {}) {
      const p = lastOf(orderId);
      return {
        createdAt: kstIso(clock()).replace('+09:00', '.000000'),
        secret: String(p.secret ?? ''),
        orderId,
        status: p.status,
        transactionKey: String(p.lastTransactionKey ?? ''),
        ...overrides,
      };
    },
    /** A PAYMENT_STATUS_CHANGED body with the payment as Toss has it now (or with `data` overridden). */
    statusChanged(paymentKey: string, data: Record<string, unknown> = {}) {
      const p = payments.get(paymentKey);
      if (!p) throw new Error(`fake toss: no payment ${paymentKey}`);
      return { eventType: 'PAYMENT_STATUS_CHANGED', createdAt: kstIso(clock()).replace('+09:00', '.000000'), data: { ...p, ...data } };
    },
    /** Sets a payment's status as Toss would (e.g. 'CANCELED' for a virtual account that expired). */
    setStatus(paymentKey: string, status: string) {
      const p = payments.get(paymentKey);
      if (!p) throw new Error(`fake toss: no payment ${paymentKey}`);
      p.status = status;
      p.lastTransactionKey = key('txrd_');
    },
    /** POSTs a webhook body to `target` (send the same body twice for a duplicate). */
    send: post,
  };

  return {
    url,
    keys: { clientKey: opts.clientKey, secretKey: opts.secretKey },
    /** The environment that points the app at this fake. */
    env: { TOSS_CLIENT_KEY: opts.clientKey, TOSS_SECRET_KEY: opts.secretKey, TOSS_API_URL: url, TOSS_SDK_URL: `${url}/v1/payment` },
    control,
    close: async () => {
      for (const t of held) clearTimeout(t);
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TFakeToss = Awaited<ReturnType<typeof startFakeToss>>;
