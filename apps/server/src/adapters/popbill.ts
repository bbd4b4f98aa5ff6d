/**
 * Popbill 전자세금계산서 (issue 31): the real client over fetch, speaking what the official SDKs send
 * (linkhub-sdk/node-popbill, node-linkhub TokenBuilder):
 *
 * - LinkHub token: `POST {POPBILL_AUTH_URL}/POPBILL/Token` with `{ access_id: corpNum, scope: ['member', '110'] }`,
 *   headers `x-lh-date` (ISO time), `x-lh-version: 2.0` and `Authorization: LINKHUB {linkId} {signature}`, where the
 *   signature is base64(HMAC-SHA256(base64-decoded secret key, "POST\n" + base64(SHA-256(body)) + "\n" + x-lh-date +
 *   "\n" + "2.0\n" + "/POPBILL/Token")). Answer `{ session_token, expiration, … }`; kept until a minute before it expires.
 * - RegistIssue (즉시발행): `POST {POPBILL_API_URL}/Taxinvoice` with `X-HTTP-Method-Override: ISSUE`, the Taxinvoice
 *   as JSON (amounts as strings) → `{ code: 1, message, ntsConfirmNum }`.
 * - GetInfo: `GET /Taxinvoice/SELL/{mgtKey}` → TaxinvoiceInfo `{ itemKey, stateCode, ntsconfirmNum, ntsresult,
 *   ntssendErrCode, stateDT, issueDT, … }`.
 * - Errors: a non-200 status with `{ code: <negative number>, message }`.
 *
 * The secret key and session tokens are never logged or put into an error.
 */
import { createHash, createHmac } from 'node:crypto';
import type { TConfig } from '../config.ts';
import { reportOutside } from '../lib/outside-services.ts';

type TPopbillConfig = NonNullable<TConfig['billing']['popbill']>;

const TIMEOUT_MS = 20_000;
const LINKHUB_VERSION = '2.0';
/** The 세금계산서 scope (the SDK's TaxinvoiceService adds '110' to 'member'). */
const SCOPES = ['member', '110'];

export class PopbillError extends Error {
  /** Popbill's own code (negative), or 0 for network / timeout / not JSON. */
  readonly code: number;
  readonly status: number;
  /** Network error, timeout or 5xx: the same call may be made again (the mgtKey keeps an issue from being doubled). */
  readonly retryable: boolean;
  constructor(status: number, code: number, message: string, retryable: boolean) {
    super(message);
    this.name = 'PopbillError';
    this.status = status;
    this.code = code;
    this.retryable = retryable;
  }
}

export type TPopbillDetail = {
  serialNum: number;
  purchaseDT: string;
  itemName: string;
  qty?: string;
  unitCost?: string;
  supplyCost: string;
  tax: string;
  remark?: string;
};

/** The Taxinvoice fields the suite sends (정발행, 영수). */
export type TPopbillTaxinvoice = {
  writeDate: string;
  chargeDirection: '정과금';
  issueType: '정발행';
  purposeType: '영수' | '청구';
  taxType: '과세' | '영세' | '면세';
  invoicerCorpNum: string;
  invoicerMgtKey: string;
  invoicerCorpName: string;
  invoicerCEOName: string;
  invoicerAddr?: string;
  invoicerEmail?: string;
  invoicerTEL?: string;
  invoiceeType: '사업자' | '개인' | '외국인';
  invoiceeCorpNum: string;
  invoiceeCorpName: string;
  invoiceeCEOName: string;
  invoiceeAddr?: string;
  invoiceeBizType?: string;
  invoiceeBizClass?: string;
  invoiceeEmail1?: string;
  supplyCostTotal: string;
  taxTotal: string;
  totalAmount: string;
  remark1?: string;
  /** 수정세금계산서: 1–6 and the original's NTS 승인번호. */
  modifyCode?: number;
  orgNTSConfirmNum?: string;
  detailList: TPopbillDetail[];
};

/** The TaxinvoiceInfo fields the suite reads. */
export type TPopbillInfo = {
  itemKey: string | null;
  stateCode: number;
  ntsConfirmNum: string | null;
  ntsResult: string | null;
  ntsSendErrCode: string | null;
  stateDT: string | null;
};

export type TPopbillClient = {
  corpNum: string;
  registIssue: (invoice: TPopbillTaxinvoice, opts?: { memo?: string; emailSubject?: string }) => Promise<{ ntsConfirmNum: string | null }>;
  /** null when Popbill has no document under this mgtKey. */
  getInfo: (mgtKey: string) => Promise<TPopbillInfo | null>;
};

/** A not-found error code some Popbill versions answer for an unknown mgtKey (others answer 200 without itemKey). */
export const POPBILL_NOT_FOUND = -11000005;

/** The LinkHub token signature (exported so the fake checks it by the same rule). */
export function linkhubSignature(secretKeyBase64: string, body: string, xDate: string, uri: string): string {
  const bodyDigest = createHash('sha256').update(body).digest('base64');
  const target = `POST\n${bodyDigest}\n${xDate}\n${LINKHUB_VERSION}\n${uri}`;
  return createHmac('sha256', Buffer.from(secretKeyBase64, 'base64')).update(target).digest('base64');
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function createPopbillClient(config: TPopbillConfig, opts: { timeoutMs?: number; serviceId?: string } = {}): TPopbillClient {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const serviceId = opts.serviceId ?? 'POPBILL';
  let token: { value: string; until: number } | null = null;

  /** One call; its outcome is reported to monitoring (a refusal below 500 counts as Popbill working; never a token or body). */
  async function send(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    try {
      const answer = await exchange(url, init);
      reportOutside('popbill', true);
      return answer;
    } catch (err) {
      const e = err as PopbillError;
      reportOutside('popbill', !e.retryable, e.retryable ? e.message : undefined);
      throw err;
    }
  }

  async function exchange(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const timeout = (err as Error)?.name === 'TimeoutError';
      throw new PopbillError(0, 0, timeout ? 'timeout' : 'network error', true);
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PopbillError(res.status, 0, `http ${res.status}, not JSON`, res.status >= 500);
    }
    if (!body || typeof body !== 'object') throw new PopbillError(res.status, 0, `http ${res.status}, not an object`, res.status >= 500);
    const b = body as Record<string, unknown>;
    if (res.status !== 200) {
      const code = typeof b.code === 'number' ? b.code : Number(b.code) || 0;
      throw new PopbillError(res.status, code, typeof b.message === 'string' ? b.message : `http ${res.status}`, res.status >= 500);
    }
    return { status: res.status, body: b };
  }

  async function sessionToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const uri = `/${serviceId}/Token`;
    const body = JSON.stringify({ access_id: config.corpNum, scope: SCOPES });
    const xDate = new Date().toISOString();
    const answer = await send(`${config.authUrl}${uri}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-lh-date': xDate,
        'x-lh-version': LINKHUB_VERSION,
        authorization: `LINKHUB ${config.linkId} ${linkhubSignature(config.secretKey, body, xDate, uri)}`,
      },
      body,
    });
    const value = str(answer.body.session_token);
    if (!value) throw new PopbillError(200, 0, 'no session_token', true);
    const expires = Date.parse(String(answer.body.expiration ?? ''));
    token = { value, until: (Number.isFinite(expires) ? expires : Date.now() + 10 * 60_000) - 60_000 };
    return value;
  }

  async function api(path: string, init: { method: 'GET' | 'POST'; override?: string; body?: unknown }) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await sessionToken()}`,
      'x-pb-version': '1.0',
      accept: 'application/json',
    };
    if (init.override) headers['x-http-method-override'] = init.override;
    if (init.body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
    return send(`${config.apiUrl}${path}`, { method: init.method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  }

  return {
    corpNum: config.corpNum,
    async registIssue(invoice, o = {}) {
      const answer = await api('/Taxinvoice', {
        method: 'POST',
        override: 'ISSUE',
        body: { ...invoice, memo: o.memo ?? '', emailSubject: o.emailSubject ?? '', forceIssue: false },
      });
      return { ntsConfirmNum: str(answer.body.ntsConfirmNum) };
    },
    async getInfo(mgtKey) {
      try {
        const { body } = await api(`/Taxinvoice/SELL/${encodeURIComponent(mgtKey)}`, { method: 'GET' });
        // As the SDK's checkMgtKeyInUse reads it: a mgtKey Popbill does not know answers without an itemKey.
        if (!str(body.itemKey)) return null;
        return {
          itemKey: str(body.itemKey),
          stateCode: Number(body.stateCode) || 0,
          ntsConfirmNum: str(body.ntsconfirmNum) ?? str(body.ntsConfirmNum),
          ntsResult: str(body.ntsresult),
          ntsSendErrCode: str(body.ntssendErrCode),
          stateDT: str(body.stateDT),
        };
      } catch (err) {
        if (err instanceof PopbillError && err.code === POPBILL_NOT_FOUND) return null;
        throw err;
      }
    },
  };
}
