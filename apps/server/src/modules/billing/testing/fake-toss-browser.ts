/**
 * The browser part of the fake Toss Payments: an SDK-compatible script (`TossPayments(clientKey).requestBillingAuth`)
 * and the card window it navigates to (a small Korean card form). See fake-toss.ts for the test cards.
 */
import { escapeHtml as esc } from '../../../lib/html.ts';

/** What Toss's v1 SDK offers for billing: `TossPayments(clientKey).requestBillingAuth('카드', {...})` navigates away. */
export function fakeTossSdkScript(base: string): string {
  return `(function () {
  var BASE = ${JSON.stringify(base)};
  function fail(code, message) { var e = new Error(message); e.code = code; return e; }
  window.TossPayments = function (clientKey) {
    if (typeof clientKey !== 'string' || !clientKey) throw fail('INVALID_CLIENT_KEY', '클라이언트 키가 올바르지 않습니다.');
    return {
      requestBillingAuth: function (method, p) {
        return new Promise(function (_resolve, reject) {
          if (method !== '카드' && method !== 'CARD') return reject(fail('INVALID_METHOD', '지원하지 않는 결제수단입니다.'));
          if (!p || !p.customerKey || !p.successUrl || !p.failUrl) return reject(fail('INVALID_PARAMETERS', '필수 파라미터가 누락되었습니다.'));
          var q = new URLSearchParams({ clientKey: clientKey, customerKey: p.customerKey, successUrl: p.successUrl, failUrl: p.failUrl });
          window.location.assign(BASE + '/_fake/billing-auth?' + q.toString());
        });
      },
    };
  };
})();
`;
}

type TWindowInput = {
  method: string;
  query: URLSearchParams;
  form: URLSearchParams;
  clientKey: string;
  issue: (customerKey: string, cardNumber: string, expiry: string, owner: string) => string;
};

const absolute = (u: string) => /^https?:\/\//.test(u);

function withParams(target: string, params: Record<string, string>): string {
  const u = new URL(target);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** GET shows the card form; POST validates it and redirects to successUrl (with a fresh authKey) or failUrl. */
export function fakeTossCardWindow(input: TWindowInput): { status: number; html?: string; redirect?: string } {
  const src = input.method === 'POST' ? input.form : input.query;
  const p = {
    clientKey: src.get('clientKey') ?? '',
    customerKey: src.get('customerKey') ?? '',
    successUrl: src.get('successUrl') ?? '',
    failUrl: src.get('failUrl') ?? '',
  };
  if (p.clientKey !== input.clientKey || !p.customerKey || !absolute(p.successUrl) || !absolute(p.failUrl)) {
    return { status: 400, html: page('<p role="alert">잘못된 요청입니다. 클라이언트 키와 이동할 주소를 확인해주세요.</p>', p) };
  }
  if (input.method !== 'POST') return { status: 200, html: page(form(p, {}), p) };
  if (input.form.get('action') === 'cancel') {
    return { status: 303, redirect: withParams(p.failUrl, { code: 'PAY_PROCESS_CANCELED', message: '사용자에 의해 결제가 취소되었습니다.' }) };
  }
  const number = (input.form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
  const expiry = (input.form.get('expiry') ?? '').trim();
  const owner = (input.form.get('owner') ?? '').replace(/-/g, '');
  const password = input.form.get('password') ?? '';
  const errors: Record<string, string> = {};
  if (!/^\d{15,16}$/.test(number)) errors.cardNumber = '카드 번호 15~16자리를 입력해주세요.';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = '유효기간을 MM/YY 형식으로 입력해주세요.';
  if (!/^(\d{6}|\d{10})$/.test(owner)) errors.owner = '생년월일 6자리 또는 사업자번호 10자리를 입력해주세요.';
  if (!/^\d{2}$/.test(password)) errors.password = '카드 비밀번호 앞 2자리를 입력해주세요.';
  if (Object.keys(errors).length) return { status: 200, html: page(form(p, errors, { cardNumber: number, expiry, owner }), p) };
  if (number.endsWith('9999'))
    return { status: 303, redirect: withParams(p.failUrl, { code: 'INVALID_CARD_NUMBER', message: '카드번호를 다시 확인해주세요.' }) };
  const authKey = input.issue(p.customerKey, number, `${m![1]}/${m![2]}`, owner);
  return { status: 303, redirect: withParams(p.successUrl, { customerKey: p.customerKey, authKey }) };
}

type TParams = { clientKey: string; customerKey: string; successUrl: string; failUrl: string };

function field(name: string, label: string, attrs: string, value: string, error: string | undefined) {
  const id = `f-${name}`;
  return `<div class="f"><label for="${id}">${label}</label><input id="${id}" name="${name}" ${attrs} value="${esc(value)}"${error ? ` aria-invalid="true" aria-describedby="${id}-e"` : ''}>${
    error ? `<p class="e" id="${id}-e">${esc(error)}</p>` : ''
  }</div>`;
}

function form(p: TParams, errors: Record<string, string>, values: Record<string, string> = {}) {
  const hidden = Object.entries(p)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
    .join('');
  return `<form method="post" action="/_fake/billing-auth" novalidate>${hidden}
${field('cardNumber', '카드 번호', 'inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000"', values.cardNumber ?? '', errors.cardNumber)}
${field('expiry', '유효기간 (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY"', values.expiry ?? '', errors.expiry)}
${field('owner', '생년월일 6자리 또는 사업자번호 10자리', 'inputmode="numeric"', values.owner ?? '', errors.owner)}
${field('password', '카드 비밀번호 앞 2자리', 'type="password" inputmode="numeric" maxlength="2"', '', errors.password)}
<div class="b"><button type="submit" name="action" value="submit">카드 등록</button><button type="submit" name="action" value="cancel" formnovalidate class="c">취소</button></div>
</form>`;
}

function page(body: string, _p: TParams) {
  return `<!doctype html><html lang="ko"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>카드 등록 - 토스페이먼츠 (테스트)</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#191f28;word-break:keep-all}
h1{font-size:1.25rem}.n{font-size:.85rem;color:#4e5968;background:#f2f4f6;padding:.5rem .75rem;border-radius:8px}
.f{margin:.9rem 0}label{display:block;font-size:.9rem;margin-bottom:.3rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #d1d6db;border-radius:8px;font-size:1rem}
.e{color:#d22030;font-size:.85rem;margin:.3rem 0 0}.b{display:flex;gap:.5rem;margin-top:1.2rem}button{flex:1;padding:.7rem;border:0;border-radius:8px;background:#3182f6;color:#fff;font-size:1rem}
button.c{background:#e8ebed;color:#333d4b}</style>
<h1>카드 등록</h1><p class="n">테스트 환경입니다. 실제 결제가 일어나지 않습니다. 0000으로 끝나는 카드는 결제 때 거절됩니다.</p>
${body}</html>`;
}
