/**
 * Toss Payments (issue 31): the real client over fetch. Base address TOSS_API_URL (tests point it at the fake on
 * loopback), `Authorization: Basic base64(secretKey + ':')`, JSON both ways; Toss answers errors as `{ code, message }`
 * with a 4xx/5xx status. Every call that moves money carries an `Idempotency-Key`: Toss keeps the first answer for a
 * key (a failure too), so a request retried after a timeout with the same key is charged once.
 *
 * Neither the secret key nor a billing key is ever logged or put into an error.
 */
import type { TConfig } from '../config.ts';
import { reportOutside } from '../lib/outside-services.ts';

type TTossConfig = NonNullable<TConfig['billing']['toss']>;

const TIMEOUT_MS = 10_000;

/** A failed call: Toss's own code and message, or NETWORK_ERROR / TIMEOUT / INVALID_RESPONSE (status 0). */
export class TossError extends Error {
  readonly status: number;
  readonly code: string;
  /** A network error, a timeout or a 5xx: the same request (same Idempotency-Key) may be sent again. */
  readonly retryable: boolean;
  constructor(status: number, code: string, message: string, retryable: boolean) {
    super(message);
    this.name = 'TossError';
    this.status = status;
    this.code = code;
    this.retryable = retryable;
  }
}

export type TTossCard = {
  issuerCode?: string;
  acquirerCode?: string;
  number?: string;
  cardType?: string;
  ownerType?: string;
  approveNo?: string;
  amount?: number;
};

/** The fields of Toss's Billing object we use. */
export type TTossBilling = {
  mId?: string;
  customerKey: string;
  authenticatedAt?: string;
  method?: string;
  billingKey: string;
  cardCompany?: string;
  cardNumber?: string;
  card?: TTossCard;
};

export type TTossVirtualAccount = {
  accountType?: string;
  accountNumber: string;
  bankCode?: string;
  bank?: string;
  customerName?: string;
  dueDate?: string;
  expired?: boolean;
};

/** The fields of Toss's Payment object we use. */
export type TTossPayment = {
  paymentKey: string;
  orderId: string;
  orderName?: string;
  status: 'READY' | 'IN_PROGRESS' | 'WAITING_FOR_DEPOSIT' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED' | string;
  method?: string;
  totalAmount: number;
  balanceAmount?: number;
  approvedAt?: string | null;
  requestedAt?: string;
  card?: TTossCard | null;
  virtualAccount?: TTossVirtualAccount | null;
  /** The virtual account's webhook secret (DEPOSIT_CALLBACK carries it). */
  secret?: string | null;
  receipt?: { url: string } | null;
  cancels?: Array<{ cancelAmount: number; cancelReason?: string; canceledAt?: string; transactionKey?: string }> | null;
  lastTransactionKey?: string | null;
};

export type TTossCashReceipt = {
  receiptKey: string;
  orderId: string;
  orderName?: string;
  type: string;
  issueNumber?: string;
  receiptUrl?: string;
  businessNumber?: string;
  transactionType?: string;
  amount: number;
  taxFreeAmount?: number;
  issueStatus?: string;
  customerIdentityNumber?: string;
  requestedAt?: string;
};

export type TTossClient = {
  /** For the browser's billing-auth window (never the secret key). */
  clientKey: string;
  sdkUrl: string;
  /** The authKey from the billing-auth window → a billing key for the customer. */
  issueBillingKey: (p: { authKey: string; customerKey: string }) => Promise<TTossBilling>;
  /** 자동결제 승인: charges a billing key. */
  chargeBillingKey: (
    billingKey: string,
    p: { customerKey: string; amount: number; orderId: string; orderName: string; customerEmail?: string; customerName?: string; taxFreeAmount?: number },
    idempotencyKey: string,
  ) => Promise<TTossPayment>;
  /** 가상계좌 발급: a Payment WAITING_FOR_DEPOSIT with `virtualAccount` and `secret`. */
  createVirtualAccount: (
    p: {
      amount: number;
      orderId: string;
      orderName: string;
      customerName: string;
      bank: string;
      validHours: number;
      customerEmail?: string;
      cashReceipt?: { type: '소득공제' | '지출증빙' | '미발행'; registrationNumber?: string };
    },
    idempotencyKey: string,
  ) => Promise<TTossPayment>;
  getPayment: (paymentKey: string) => Promise<TTossPayment>;
  getPaymentByOrderId: (orderId: string) => Promise<TTossPayment>;
  /** 결제 취소. A virtual-account payment needs `refundReceiveAccount` (bank code, digits only, holder) to send the money back to. */
  cancelPayment: (
    paymentKey: string,
    p: { cancelReason: string; cancelAmount?: number; refundReceiveAccount?: { bank: string; accountNumber: string; holderName: string } },
    idempotencyKey: string,
  ) => Promise<TTossPayment>;
  /** 현금영수증 발급 (for an individual's bank transfer). */
  issueCashReceipt: (
    p: { amount: number; orderId: string; orderName: string; customerIdentityNumber: string; type: '소득공제' | '지출증빙'; taxFreeAmount?: number },
    idempotencyKey?: string,
  ) => Promise<TTossCashReceipt>;
  /** 현금영수증 취소: `amount` for a part, without it the whole receipt. */
  cancelCashReceipt: (receiptKey: string, p: { amount?: number }, idempotencyKey: string) => Promise<TTossCashReceipt>;
};

type TCall = { method: 'GET' | 'POST'; path: string; body?: unknown; idempotencyKey?: string };

export function createTossClient(config: TTossConfig, opts: { timeoutMs?: number } = {}): TTossClient {
  const auth = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;

  /** One call; its outcome is reported to monitoring (Toss answering below 500 counts as working; never a key or body). */
  async function call<T>(c: TCall): Promise<T> {
    try {
      const answer = await send<T>(c);
      reportOutside('toss', true);
      return answer;
    } catch (err) {
      const e = err as TossError;
      reportOutside('toss', !e.retryable, e.retryable ? e.code : undefined);
      throw err;
    }
  }

  async function send<T>(c: TCall): Promise<T> {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' };
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    if (c.idempotencyKey) headers['idempotency-key'] = c.idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${c.path}`, {
        method: c.method,
        headers,
        ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = (err as Error)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new TossError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', timedOut ? 'Toss did not answer in time' : 'Toss could not be reached', true);
    }
    let body: unknown;
    try {
      const text = await res.text();
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const obj = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
    if (!res.ok) {
      const code = typeof obj?.code === 'string' ? obj.code : `HTTP_${res.status}`;
      const message = typeof obj?.message === 'string' ? obj.message : `Toss answered ${res.status}`;
      throw new TossError(res.status, code, message, res.status >= 500);
    }
    if (!obj) throw new TossError(res.status, 'INVALID_RESPONSE', 'Toss answered without a JSON body', true);
    return obj as T;
  }

  const enc = encodeURIComponent;
  return {
    clientKey: config.clientKey,
    sdkUrl: config.sdkUrl,
    issueBillingKey: (p) => call({ method: 'POST', path: '/v1/billing/authorizations/issue', body: p }),
    chargeBillingKey: (billingKey, p, idempotencyKey) => call({ method: 'POST', path: `/v1/billing/${enc(billingKey)}`, body: p, idempotencyKey }),
    createVirtualAccount: (p, idempotencyKey) => call({ method: 'POST', path: '/v1/virtual-accounts', body: p, idempotencyKey }),
    getPayment: (paymentKey) => call({ method: 'GET', path: `/v1/payments/${enc(paymentKey)}` }),
    getPaymentByOrderId: (orderId) => call({ method: 'GET', path: `/v1/payments/orders/${enc(orderId)}` }),
    cancelPayment: (paymentKey, p, idempotencyKey) => call({ method: 'POST', path: `/v1/payments/${enc(paymentKey)}/cancel`, body: p, idempotencyKey }),
    issueCashReceipt: (p, idempotencyKey) => call({ method: 'POST', path: '/v1/cash-receipts', body: p, ...(idempotencyKey ? { idempotencyKey } : {}) }),
    cancelCashReceipt: (receiptKey, p, idempotencyKey) =>
      call({ method: 'POST', path: `/v1/cash-receipts/${enc(receiptKey)}/cancel`, body: p, idempotencyKey }),
  };
}
