/**
 * The NTS business-status API (국세청 사업자등록정보 상태조회, issue 31), as data.go.kr/odcloud serves it:
 * `POST {NTS_BIZ_API_URL}/status?serviceKey=KEY` with `{ b_no: ["1234567890", …] }` (at most 100) →
 * `{ status_code: 'OK', request_cnt, match_cnt, data: [{ b_no, b_stt, b_stt_cd, tax_type, tax_type_cd, end_dt, … }] }`.
 *
 * - b_stt_cd: '01' 계속사업자, '02' 휴업자, '03' 폐업자; '' for a number the NTS does not know, whose `tax_type` then
 *   reads '국세청에 등록되지 않은 사업자등록번호입니다.'
 * - tax_type_cd: '01' 일반과세자, '02' 간이과세자, '03' 과세특례자, '04' 면세사업자, '05' 비영리법인·국가기관 등,
 *   '06' 고유번호가 부여된 단체, '07' 간이과세자(세금계산서 발급사업자).
 *
 * The base address comes from configuration, so tests point it at the fake on loopback. The service key is never
 * logged or put into an error.
 */
import type { TConfig } from '../config.ts';
import { reportOutside } from '../lib/outside-services.ts';

type TNtsConfig = NonNullable<TConfig['billing']['nts']>;

const TIMEOUT_MS = 8_000;

export type TNtsBusinessStatus = {
  businessNumber: string;
  registered: boolean;
  /** b_stt_cd: active 01, suspended 02 (휴업), closed 03 (폐업); null when not registered. */
  status: 'active' | 'suspended' | 'closed' | null;
  /** What the suite stores: 01/03 general, 02/07 simple (간이), 04/05/06 exempt (no VAT deduction); null when unknown. */
  taxType: 'general' | 'simple' | 'exempt' | null;
  /** The NTS's own words (b_stt, tax_type) and codes, for the log and the answer. */
  statusText: string;
  taxTypeText: string;
  taxTypeCode: string;
  closedOn: string | null;
};

/** The API could not be asked or answered nonsense (network, timeout, 4xx/5xx, not JSON). */
export class NtsUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`NTS status API unavailable: ${reason}`);
    this.name = 'NtsUnavailableError';
    this.reason = reason;
  }
}

export type TNtsClient = {
  apiUrl: string;
  /** The status of each number (10 digits, no dashes), in the order asked. Throws NtsUnavailableError. */
  status: (businessNumbers: string[]) => Promise<TNtsBusinessStatus[]>;
};

const STATUS: Record<string, TNtsBusinessStatus['status']> = { '01': 'active', '02': 'suspended', '03': 'closed' };
const TAX_TYPE: Record<string, TNtsBusinessStatus['taxType']> = {
  '01': 'general',
  '03': 'general',
  '02': 'simple',
  '07': 'simple',
  '04': 'exempt',
  '05': 'exempt',
  '06': 'exempt',
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function parseNtsRow(row: Record<string, unknown>, asked: string): TNtsBusinessStatus {
  const code = str(row.b_stt_cd);
  const taxCode = str(row.tax_type_cd);
  const status = STATUS[code] ?? null;
  return {
    businessNumber: str(row.b_no) || asked,
    registered: status !== null,
    status,
    taxType: TAX_TYPE[taxCode] ?? null,
    statusText: str(row.b_stt),
    taxTypeText: str(row.tax_type),
    taxTypeCode: taxCode,
    closedOn: str(row.end_dt) || null,
  };
}

export function createNtsClient(config: TNtsConfig, opts: { timeoutMs?: number } = {}): TNtsClient {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  return {
    apiUrl: config.apiUrl,
    async status(businessNumbers) {
      try {
        const answer = await ask(businessNumbers);
        reportOutside('nts', true);
        return answer;
      } catch (err) {
        reportOutside('nts', false, err instanceof NtsUnavailableError ? err.reason : 'failed');
        throw err;
      }
    },
  };

  async function ask(businessNumbers: string[]): Promise<TNtsBusinessStatus[]> {
    const numbers = businessNumbers.map((n) => n.replace(/\D/g, ''));
    if (!numbers.length) return [];
    const url = `${config.apiUrl}/status?serviceKey=${encodeURIComponent(config.apiKey)}&returnType=JSON`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ b_no: numbers }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new NtsUnavailableError((err as Error)?.name === 'TimeoutError' ? 'timeout' : 'network error');
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new NtsUnavailableError(`http ${res.status}`);
    let body: { data?: unknown };
    try {
      body = JSON.parse(text) as { data?: unknown };
    } catch {
      throw new NtsUnavailableError('not JSON');
    }
    if (!Array.isArray(body.data)) throw new NtsUnavailableError('no data');
    const rows = body.data as Record<string, unknown>[];
    const byNumber = new Map(rows.map((r) => [str(r.b_no), r]));
    return numbers.map((n) => parseNtsRow(byNumber.get(n) ?? {}, n));
  }
}
