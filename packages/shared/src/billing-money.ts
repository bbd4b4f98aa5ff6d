/**
 * Money rules of billing (issue 31), stated once and used by the server (invoices) and the browser (projection):
 *
 * - Every amount is an integer number of 원. Catalogue prices are 공급가액 (VAT excluded).
 * - 부가세 = 10 % of the 공급가액, rounded DOWN to the 원 (`vatOf`); 합계 = 공급가액 + 부가세. An invoice's VAT is
 *   computed once on its total 공급가액, not line by line.
 * - Overage: each started block of `per` units above the included volume costs `price` (`overageOf`).
 * - Proration: an amount for part of a period is amount × remaining seconds ÷ period seconds, rounded DOWN (`prorate`).
 */
import type { TOverage } from './plans.ts';

export const VAT_PERCENT = 10;

export function vatOf(supply: number): number {
  return Math.floor((supply * VAT_PERCENT) / 100);
}

export function withVat(supply: number): { supply: number; vat: number; total: number } {
  const vat = vatOf(supply);
  return { supply, vat, total: supply + vat };
}

export function overageOf(used: number, included: number, overage: TOverage | null): { units: number; amount: number } {
  if (!overage || used <= included) return { units: 0, amount: 0 };
  const units = Math.ceil((used - included) / overage.per);
  return { units, amount: units * overage.price };
}

export function prorate(amount: number, remainingMs: number, periodMs: number): number {
  if (periodMs <= 0 || remainingMs <= 0) return 0;
  const share = Math.min(remainingMs, periodMs);
  return Math.floor((amount * Math.floor(share / 1000)) / Math.floor(periodMs / 1000));
}

/** 사업자등록번호 (10 digits, dashes allowed): the NTS check digit. */
export function isValidBusinessNumber(value: string): boolean {
  const digits = value.replace(/-/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += d[i]! * w[i]!;
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** '123-45-67890' from any 10-digit form. */
export function formatBusinessNumber(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : value;
}

/** 1234567 → '1,234,567원' */
export function formatWon(amount: number): string {
  return `${amount.toLocaleString('ko-KR')}원`;
}
