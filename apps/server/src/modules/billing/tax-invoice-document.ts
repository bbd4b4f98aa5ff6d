/**
 * The 세금계산서 documents as Popbill wants them (issue 31), and the Asia/Seoul month arithmetic they rest on. Pure
 * functions: the service decides when, these decide what.
 */
import { randomBytes } from 'node:crypto';
import { ko, withVat } from '@suite/shared';
import type { TPopbillDetail, TPopbillTaxinvoice } from '../../adapters/popbill.ts';
import type { TBillingDeps } from './billing.deps.ts';
import type { TBusinessRow, TTaxInvoiceRow, TTaxInvoiceSource } from './tax-invoices.repository.ts';

const t = ko.billing.tax.taxInvoice;
const KST_MS = 9 * 3_600_000;
/** Popbill takes at most 99 lines on one 세금계산서. */
const MAX_LINES = 99;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function kst(at: Date): { y: number; m: number; d: number } {
  const d = new Date(at.getTime() + KST_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/** 'YYYY-MM' of the Asia/Seoul month `at` falls in. */
export function monthOf(at: Date): string {
  const { y, m } = kst(at);
  return `${y}-${pad(m)}`;
}

/** 'yyyyMMdd' of `at` in Asia/Seoul. */
export function ymd(at: Date): string {
  const { y, m, d } = kst(at);
  return `${y}${pad(m)}${pad(d)}`;
}

function parts(month: string): { y: number; m: number } {
  const [y, m] = month.split('-').map(Number);
  return { y: y!, m: m! };
}

/** The instant the Asia/Seoul month starts, and the next one's start. */
export function monthRange(month: string): { start: Date; end: Date } {
  const { y, m } = parts(month);
  return { start: new Date(Date.UTC(y, m - 1, 1) - KST_MS), end: new Date(Date.UTC(y, m, 1) - KST_MS) };
}

export function previousMonth(month: string): string {
  const { y, m } = parts(month);
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}

/** The last day of the month, 'yyyyMMdd' (the monthly-total 세금계산서's 작성일자). */
export function lastDayYmd(month: string): string {
  return ymd(new Date(monthRange(month).end.getTime() - 1));
}

/** The end of the 10th of the month after `month` (KST): the legal deadline for the month's 세금계산서. */
export function issueDeadline(month: string): Date {
  const { end } = monthRange(month);
  return new Date(end.getTime() + 10 * 86_400_000);
}

/** A Popbill 문서번호: ≤ 24 characters of [A-Za-z0-9_-], unique (prefix + month + 10 random characters). */
export function newMgtKey(prefix: 'T' | 'M', month: string): string {
  const random = randomBytes(10)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '0')
    .slice(0, 10);
  return `${prefix}${month.replace('-', '')}-${random}`;
}

/**
 * 공급가액 and 부가세 of a VAT-included amount: the 공급가액 whose `withVat` total is the amount (the rule of
 * billing-money.ts run backwards). A few totals no 공급가액 reaches (vat rounds down); then the largest 공급가액 below
 * and the remaining 원 as 부가세.
 */
export function splitTotal(total: number): { supply: number; vat: number } {
  const guess = Math.floor((total * 10) / 11);
  for (let s = guess + 2; s >= Math.max(0, guess - 2); s--) {
    const m = withVat(s);
    if (m.total === total) return { supply: s, vat: m.vat };
  }
  let s = guess + 2;
  while (s > 0 && withVat(s).total > total) s--;
  return { supply: s, vat: total - s };
}

/** What is left of a paid invoice after its refunds (all of it when nothing was refunded). */
export function netOf(inv: TTaxInvoiceSource): { supply: number; vat: number } {
  if (inv.refundedAmount <= 0) return { supply: inv.supply, vat: inv.vat };
  return splitTotal(Math.max(0, inv.total - inv.refundedAmount));
}

type TParty = { company: TBillingDeps['company']; corpNum: string; buyer: TBusinessRow };

function parties({ company, corpNum, buyer }: TParty) {
  return {
    chargeDirection: '정과금' as const,
    issueType: '정발행' as const,
    purposeType: '영수' as const,
    taxType: '과세' as const,
    invoicerCorpNum: corpNum,
    invoicerCorpName: company.name ?? '',
    invoicerCEOName: company.representative ?? '',
    ...(company.address ? { invoicerAddr: company.address } : {}),
    ...(company.email ? { invoicerEmail: company.email } : {}),
    ...(company.phone ? { invoicerTEL: company.phone } : {}),
    invoiceeType: '사업자' as const,
    invoiceeCorpNum: buyer.businessNumber,
    invoiceeCorpName: buyer.name,
    invoiceeCEOName: buyer.ceo,
    invoiceeAddr: buyer.address,
    invoiceeBizType: buyer.businessType,
    invoiceeBizClass: buyer.businessItem,
    invoiceeEmail1: buyer.email,
  };
}

const line = (serialNum: number, purchaseDT: string, itemName: string, supply: number, vat: number): TPopbillDetail => ({
  serialNum,
  purchaseDT,
  itemName,
  qty: '1',
  unitCost: String(supply),
  supplyCost: String(supply),
  tax: String(vat),
});

/** The month's one 세금계산서: one line per invoice (its net amounts), totals the sums of the lines. */
export function monthlyDocument(p: TParty & { mgtKey: string; month: string; invoices: TTaxInvoiceSource[] }): TPopbillTaxinvoice {
  const nets = p.invoices.map((inv) => ({ inv, ...netOf(inv) }));
  const head = nets.slice(0, nets.length > MAX_LINES ? MAX_LINES - 1 : MAX_LINES);
  const rest = nets.slice(head.length);
  const detailList = head.map((n, i) => line(i + 1, ymd(n.inv.paidAt ?? monthRange(p.month).start), t.itemName(n.inv.number), n.supply, n.vat));
  if (rest.length) {
    const supply = rest.reduce((s, n) => s + n.supply, 0);
    const vat = rest.reduce((s, n) => s + n.vat, 0);
    detailList.push(line(MAX_LINES, lastDayYmd(p.month), t.itemNameRest(rest.length), supply, vat));
  }
  const supply = nets.reduce((s, n) => s + n.supply, 0);
  const vat = nets.reduce((s, n) => s + n.vat, 0);
  return {
    writeDate: lastDayYmd(p.month),
    ...parties(p),
    invoicerMgtKey: p.mgtKey,
    supplyCostTotal: String(supply),
    taxTotal: String(vat),
    totalAmount: String(supply + vat),
    remark1: t.remark(p.month),
    detailList,
  };
}

/**
 * A 수정세금계산서 for a refund: negative amounts, written on the day of the refund. modifyCode 4 (계약의 해제) when
 * the refund takes back the whole original, else 2 (공급가액 변동); the original's NTS 승인번호 is required.
 */
export function modifyDocument(
  p: TParty & { mgtKey: string; writeDate: string; original: TTaxInvoiceRow; invoice: TTaxInvoiceSource; supply: number; vat: number },
): TPopbillTaxinvoice {
  const modifyCode = p.supply + p.vat >= p.original.total ? 4 : 2;
  return {
    writeDate: p.writeDate,
    ...parties(p),
    invoicerMgtKey: p.mgtKey,
    supplyCostTotal: String(-p.supply),
    taxTotal: String(-p.vat),
    totalAmount: String(-(p.supply + p.vat)),
    modifyCode,
    orgNTSConfirmNum: p.original.ntsConfirmNum ?? '',
    detailList: [line(1, p.writeDate, t.modifyItemName(p.invoice.number), -p.supply, -p.vat)],
  };
}
