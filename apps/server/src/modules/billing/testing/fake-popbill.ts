/**
 * Fake Popbill on loopback (tests and the development server): one server for both hosts the adapter calls.
 *
 * - `POST /POPBILL/Token` (LinkHub): checks `x-lh-version: 2.0` and `Authorization: LINKHUB {linkId} {signature}`
 *   against the HMAC of the real rule (adapters/popbill.ts linkhubSignature) → `{ session_token, expiration, … }`.
 * - `POST /Taxinvoice` with `X-HTTP-Method-Override: ISSUE` (RegistIssue): Bearer token, required fields, both
 *   사업자등록번호 check digits, the supplier being the token's corpNum, a new mgtKey (≤ 24, [A-Za-z0-9_-]), 1–99
 *   lines, line sums = supplyCostTotal / taxTotal, supply + tax = totalAmount; a 수정세금계산서 needs modifyCode 1–6 and
 *   the NTS 승인번호 of an issued document. Stores it in state 300 with a 24-digit 승인번호 → `{ code: 1, message, ntsConfirmNum }`.
 * - `GET /Taxinvoice/SELL/{mgtKey}` (GetInfo) → TaxinvoiceInfo; an unknown mgtKey answers 200 without itemKey.
 * - Errors: status 400/401 with `{ code: <negative>, message }`, as Popbill.
 *
 * Test controls: `setState(mgtKey, 304 | 305 | …)`, `callback(url, mgtKey, { mid })` (the event as Popbill's Webhook
 * sends it; the same mid twice is a duplicate delivery), `failIssues(n)`, `documents()`. Over HTTP for the development
 * server: `POST /_fake/state { mgtKey, stateCode }`, `POST /_fake/callback { url, mgtKey, mid? }`, `GET /_fake/documents`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidBusinessNumber } from '@suite/shared';
import { linkhubSignature } from '../../../adapters/popbill.ts';

export const FAKE_POPBILL = {
  linkId: 'FAKE_LINK',
  /** base64 of 32 bytes, as LinkHub hands out secret keys. */
  secretKey: Buffer.from('fake-popbill-secret-key-32-bytes').toString('base64'),
  /** The suite's own 사업자등록번호 at Popbill (a valid check digit). */
  corpNum: '2208162517',
};

export type TFakePopbillOptions = { linkId?: string; secretKey?: string; corpNum?: string; port?: number; host?: string };
export type TFakePopbillDocument = {
  invoice: Record<string, unknown>;
  itemKey: string;
  stateCode: number;
  ntsConfirmNum: string;
  ntsResult: string | null;
  stateDT: string;
};

const REQUIRED = [
  'writeDate',
  'chargeDirection',
  'issueType',
  'purposeType',
  'taxType',
  'invoicerCorpNum',
  'invoicerMgtKey',
  'invoicerCorpName',
  'invoicerCEOName',
  'invoiceeType',
  'invoiceeCorpNum',
  'invoiceeCorpName',
  'invoiceeCEOName',
  'supplyCostTotal',
  'taxTotal',
  'totalAmount',
];

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const intOf = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : null);
const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePopbill(opts: TFakePopbillOptions = {}) {
  const linkId = opts.linkId ?? FAKE_POPBILL.linkId;
  const secretKey = opts.secretKey ?? FAKE_POPBILL.secretKey;
  const corpNum = opts.corpNum ?? FAKE_POPBILL.corpNum;
  const tokens = new Map<string, string>();
  const documents = new Map<string, TFakePopbillDocument>();
  const requests: { method: string; path: string; override: string | null }[] = [];
  let failures = 0;
  let counter = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const refuse = (code: number, message: string) => ({ status: 400, body: { code, message } });

  function token(req: IncomingMessage, raw: string) {
    const uri = req.url ?? '';
    const xDate = String(req.headers['x-lh-date'] ?? '');
    const [scheme, id, signature] = String(req.headers.authorization ?? '').split(' ');
    if (req.headers['x-lh-version'] !== '2.0' || scheme !== 'LINKHUB' || id !== linkId || !xDate)
      return { status: 401, body: { code: -99999999, message: '인증 정보가 올바르지 않습니다.' } };
    if (signature !== linkhubSignature(secretKey, raw, xDate, uri)) return { status: 401, body: { code: -99999998, message: '서명이 올바르지 않습니다.' } };
    const b = JSON.parse(raw) as { access_id?: string; scope?: string[] };
    if (b.access_id !== corpNum || !b.scope?.includes('110')) return { status: 401, body: { code: -99999997, message: '접근 권한이 없습니다.' } };
    const value = randomBytes(24).toString('base64url');
    tokens.set(value, b.access_id);
    return {
      status: 200,
      body: {
        session_token: value,
        serviceID: 'POPBILL',
        linkID: linkId,
        usercode: 'FAKE',
        ipaddress: '127.0.0.1',
        expiration: new Date(Date.now() + 3_600_000).toISOString(),
        scope: b.scope,
      },
    };
  }

  function registIssue(b: Record<string, unknown>) {
    if (failures > 0) {
      failures--;
      return { status: 500, body: { code: -99999999, message: '팝빌 서버에 일시적인 오류가 발생했습니다.' } };
    }
    const missing = REQUIRED.filter((k) => !str(b[k]));
    if (missing.length) return refuse(-11000001, `필수 항목이 누락되었습니다: ${missing.join(', ')}`);
    const mgtKey = str(b.invoicerMgtKey);
    if (!/^[A-Za-z0-9_-]{1,24}$/.test(mgtKey)) return refuse(-11000002, '문서번호 형식이 올바르지 않습니다.');
    if (documents.has(mgtKey)) return refuse(-11000003, '이미 사용중인 문서번호입니다.');
    if (!/^\d{8}$/.test(str(b.writeDate))) return refuse(-11000004, '작성일자 형식이 올바르지 않습니다.');
    if (str(b.invoicerCorpNum) !== corpNum) return refuse(-11000006, '공급자 사업자번호가 연동회원과 다릅니다.');
    if (!isValidBusinessNumber(str(b.invoiceeCorpNum)) || !isValidBusinessNumber(str(b.invoicerCorpNum)))
      return refuse(-11001021, '사업자등록번호가 유효하지 않습니다.');
    if (b.issueType !== '정발행' || !['영수', '청구'].includes(str(b.purposeType)) || !['과세', '영세', '면세'].includes(str(b.taxType))) {
      return refuse(-11000007, '발행형태, 영수/청구, 과세형태가 올바르지 않습니다.');
    }
    const lines = Array.isArray(b.detailList) ? (b.detailList as Record<string, unknown>[]) : [];
    if (!lines.length || lines.length > 99) return refuse(-11000008, '품목은 1개 이상 99개 이하여야 합니다.');
    const supply = intOf(b.supplyCostTotal);
    const tax = intOf(b.taxTotal);
    const total = intOf(b.totalAmount);
    const lineSupply = lines.reduce((s, l) => s + (intOf(l.supplyCost) ?? NaN), 0);
    const lineTax = lines.reduce((s, l) => s + (intOf(l.tax) ?? NaN), 0);
    if (supply === null || tax === null || total === null || supply + tax !== total || lineSupply !== supply || lineTax !== tax) {
      return refuse(-11000009, '공급가액, 세액, 합계금액이 품목의 합과 맞지 않습니다.');
    }
    if (b.modifyCode !== undefined && b.modifyCode !== null && b.modifyCode !== '') {
      const original = [...documents.values()].find((d) => d.ntsConfirmNum === str(b.orgNTSConfirmNum));
      if (![1, 2, 3, 4, 5, 6].includes(Number(b.modifyCode)) || !original) return refuse(-11000011, '수정사유 또는 원본 국세청 승인번호가 올바르지 않습니다.');
    } else if (total < 0) return refuse(-11000010, '음수 금액은 수정세금계산서에만 쓸 수 있습니다.');
    counter += 1;
    const ntsConfirmNum = `${str(b.writeDate)}41000000${String(10_000_000 + counter).slice(-8)}`;
    documents.set(mgtKey, {
      invoice: b,
      itemKey: `0${Date.now()}${counter}`.slice(0, 18),
      stateCode: 300,
      ntsConfirmNum,
      ntsResult: null,
      stateDT: stamp(new Date()),
    });
    return { status: 200, body: { code: 1, message: '발행 되었습니다.', ntsConfirmNum } };
  }

  function info(mgtKey: string) {
    const d = documents.get(mgtKey);
    if (!d) return { status: 200, body: { itemKey: null, stateCode: null, invoicerMgtKey: mgtKey } };
    const i = d.invoice;
    return {
      status: 200,
      body: {
        itemKey: d.itemKey,
        stateCode: d.stateCode,
        taxType: i.taxType,
        purposeType: i.purposeType,
        modifyCode: i.modifyCode ?? null,
        issueType: i.issueType,
        writeDate: i.writeDate,
        invoicerCorpName: i.invoicerCorpName,
        invoicerCorpNum: i.invoicerCorpNum,
        invoicerMgtKey: mgtKey,
        invoiceeCorpName: i.invoiceeCorpName,
        invoiceeCorpNum: i.invoiceeCorpNum,
        supplyCostTotal: i.supplyCostTotal,
        taxTotal: i.taxTotal,
        stateDT: d.stateDT,
        ntsconfirmNum: d.ntsConfirmNum,
        ntsresult: d.ntsResult,
        ntssendErrCode: d.stateCode === 305 ? 'SERR01' : null,
      },
    };
  }

  const control = {
    documents: () => [...documents.entries()].map(([mgtKey, d]) => ({ mgtKey, ...d })),
    document: (mgtKey: string) => documents.get(mgtKey),
    /** Moves a document (304 전송성공, 305 전송실패, 303 전송중, 600 발행취소, …). */
    setState(mgtKey: string, stateCode: number, ntsResult?: string) {
      const d = documents.get(mgtKey);
      if (!d) throw new Error(`fake popbill: no document ${mgtKey}`);
      d.stateCode = stateCode;
      d.ntsResult = ntsResult ?? (stateCode === 304 ? '성공' : stateCode === 305 ? '전송실패: 공급받는자 사업자등록번호 오류' : null);
      d.stateDT = stamp(new Date());
    },
    /** The next `n` RegistIssue calls fail with a 500. */
    failIssues(n = 1) {
      failures = n;
    },
    /** Sends the state event of `mgtKey` (any string: unknown keys too) to `target`, as Popbill's Webhook does. */
    async callback(target: string, mgtKey: string, o: { mid?: string; eventType?: string; body?: Record<string, unknown> } = {}) {
      const d = documents.get(mgtKey);
      const body = o.body ?? {
        corpNum,
        itemKey: d?.itemKey ?? '000000000000000000',
        invoicerMgtKey: mgtKey,
        stateCode: d?.stateCode ?? 304,
        stateDT: d?.stateDT ?? stamp(new Date()),
        ntsConfirmNum: d?.ntsConfirmNum ?? '',
        eventDT: stamp(new Date()),
        eventType: o.eventType ?? 'NTS',
      };
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'pb-webhook-type': 'TAXINVOICE.STATE',
          'pb-webhook-mid': o.mid ?? `${Date.now()}-${randomBytes(8).toString('hex')}`,
          'pb-webhook-corpnum': corpNum,
          'pb-webhook-eventtype': o.eventType ?? 'NTS',
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    },
    requests: () => [...requests],
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const u = new URL(req.url ?? '/', 'http://fake');
      const override = typeof req.headers['x-http-method-override'] === 'string' ? req.headers['x-http-method-override'] : null;
      requests.push({ method: req.method ?? 'GET', path: u.pathname, override });
      const b = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      if (u.pathname.startsWith('/_fake/')) {
        if (req.method === 'GET' && u.pathname === '/_fake/documents') return json(res, 200, control.documents());
        if (req.method === 'POST' && u.pathname === '/_fake/state') {
          control.setState(str(b.mgtKey), Number(b.stateCode));
          return json(res, 200, { ok: true });
        }
        if (req.method === 'POST' && u.pathname === '/_fake/callback') {
          return json(res, 200, await control.callback(str(b.url), str(b.mgtKey), b.mid ? { mid: str(b.mid) } : {}));
        }
        return json(res, 404, { code: -1, message: 'not found' });
      }
      if (req.method === 'POST' && /^\/POPBILL(_TEST)?\/Token$/.test(u.pathname)) {
        const a = token(req, raw);
        return json(res, a.status, a.body);
      }
      const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
      if (!bearer || !tokens.has(bearer)) return json(res, 401, { code: -10000003, message: '유효하지 않은 토큰입니다.' });
      if (req.method === 'POST' && u.pathname === '/Taxinvoice' && override === 'ISSUE') {
        const a = registIssue(b);
        return json(res, a.status, a.body);
      }
      const m = /^\/Taxinvoice\/SELL\/([^/]+)$/.exec(u.pathname);
      if (req.method === 'GET' && m) {
        const a = info(decodeURIComponent(m[1]!));
        return json(res, a.status, a.body);
      }
      return json(res, 404, { code: -99999999, message: '지원하지 않는 요청입니다.' });
    })().catch((err: unknown) => json(res, 500, { code: -99999999, message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    control,
    /** The app's configuration for this fake. */
    env: { POPBILL_LINK_ID: linkId, POPBILL_SECRET_KEY: secretKey, POPBILL_CORP_NUM: corpNum, POPBILL_API_URL: url, POPBILL_AUTH_URL: url },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
