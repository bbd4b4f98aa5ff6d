/**
 * Fake NTS business-status API on loopback (tests and the development server), with odcloud's shapes:
 * `POST /status?serviceKey=KEY` `{ b_no: [...] }` → `{ request_cnt, match_cnt, status_code: 'OK', data: [...] }`; a
 * wrong key answers 401 `{ code: -4, msg }`; more than 100 numbers 413. Numbers are registered by the test as
 * 계속/휴업/폐업 and 일반/간이/면세; any other number comes back as '국세청에 등록되지 않은 사업자등록번호입니다.'
 * `control.down(true)` makes every call answer 500 (the NTS unreachable). Over HTTP for the development server:
 * `POST /_fake/register { b_no, status, taxType }`, `POST /_fake/down { down }`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_NTS_KEY = 'fake-nts-service-key';

export type TFakeNtsStatus = 'active' | 'suspended' | 'closed';
export type TFakeNtsTaxType = 'general' | 'simple' | 'exempt' | 'simple-invoicing';

const STATUS: Record<TFakeNtsStatus, [string, string]> = { active: ['01', '계속사업자'], suspended: ['02', '휴업자'], closed: ['03', '폐업자'] };
const TAX: Record<TFakeNtsTaxType, [string, string]> = {
  general: ['01', '부가가치세 일반과세자'],
  simple: ['02', '부가가치세 간이과세자'],
  exempt: ['04', '부가가치세 면세사업자'],
  'simple-invoicing': ['07', '부가가치세 간이과세자(세금계산서 발급사업자)'],
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeNts(opts: { apiKey?: string; port?: number; host?: string } = {}) {
  const apiKey = opts.apiKey ?? FAKE_NTS_KEY;
  const known = new Map<string, { status: TFakeNtsStatus; taxType: TFakeNtsTaxType; closedOn?: string }>();
  let down = false;
  let calls = 0;

  function row(bNo: string) {
    const k = known.get(bNo);
    if (!k) {
      return {
        b_no: bNo,
        b_stt: '',
        b_stt_cd: '',
        tax_type: '국세청에 등록되지 않은 사업자등록번호입니다.',
        tax_type_cd: '',
        end_dt: '',
        utcc_yn: '',
        tax_type_change_dt: '',
        invoice_apply_dt: '',
      };
    }
    const [sttCd, stt] = STATUS[k.status];
    const [taxCd, tax] = TAX[k.taxType];
    return {
      b_no: bNo,
      b_stt: stt,
      b_stt_cd: sttCd,
      tax_type: tax,
      tax_type_cd: taxCd,
      end_dt: k.status === 'closed' ? (k.closedOn ?? '20250101') : '',
      utcc_yn: 'N',
      tax_type_change_dt: '',
      invoice_apply_dt: '',
      rbf_tax_type: '',
      rbf_tax_type_cd: '',
    };
  }

  const control = {
    register(bNo: string, status: TFakeNtsStatus = 'active', taxType: TFakeNtsTaxType = 'general') {
      known.set(bNo.replace(/-/g, ''), { status, taxType });
    },
    down(on = true) {
      down = on;
    },
    calls: () => calls,
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const u = new URL(req.url ?? '/', 'http://fake');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      const b = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      if (req.method === 'POST' && u.pathname === '/_fake/register') {
        control.register(String(b.b_no), (b.status as TFakeNtsStatus) ?? 'active', (b.taxType as TFakeNtsTaxType) ?? 'general');
        return send(200, { ok: true });
      }
      if (req.method === 'POST' && u.pathname === '/_fake/down') {
        control.down(Boolean(b.down));
        return send(200, { ok: true });
      }
      if (req.method !== 'POST' || u.pathname !== '/status') return send(404, { code: -404, msg: 'not found' });
      calls += 1;
      if (down) return send(500, { code: -5, msg: 'Internal Server Error' });
      if (u.searchParams.get('serviceKey') !== apiKey) return send(401, { code: -4, msg: '등록되지 않은 인증키 입니다.' });
      const numbers = Array.isArray(b.b_no) ? (b.b_no as unknown[]).map(String) : null;
      if (!numbers?.length) return send(400, { code: -1, msg: 'BAD_JSON_REQUEST' });
      if (numbers.length > 100) return send(413, { code: -2, msg: 'TOO_LARGE_REQUEST' });
      const data = numbers.map(row);
      return send(200, { request_cnt: numbers.length, match_cnt: data.filter((d) => d.b_stt_cd).length, status_code: 'OK', data });
    })().catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    control,
    env: { NTS_BIZ_API_URL: url, NTS_BIZ_API_KEY: apiKey },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
