/**
 * A seed's business details (issue 31): who its 세금계산서 are made out to. The 사업자등록번호's check digit is checked
 * by the shared schema; when the NTS status API is configured the number is asked about too:
 *
 * - not registered at the NTS → 400 on businessNumber; 폐업 → 400 on businessNumber;
 * - 휴업 → accepted with a note (a business on a break may still receive 세금계산서; the owner is told what the NTS says);
 * - 간이과세자 → stored as taxType 'simple' and noted in the answer; 면세 → 'exempt', noted;
 * - the API unreachable → accepted on the check digit with taxType null, noted, logged.
 *
 * Without business details the seed pays as an individual (cash receipts for transfers instead).
 */
import { ko } from '@suite/shared';
import type { TBusiness, TBusinessInput, TBusinessSaved } from '@suite/shared/schemas/billing';
import { NtsUnavailableError, type TNtsBusinessStatus } from '../../adapters/nts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './tax-invoices.repository.ts';

const t = ko.billing.tax.business;

/** The parsed ZBusinessInput (the number without dashes). */
export type TBusinessFields = { [K in keyof TBusinessInput]: string };

const fieldError = (message: string) => new AppError('VALIDATION_FAILED', message, { details: [{ path: 'businessNumber', message }] });

export function toBusiness(row: repo.TBusinessRow): TBusiness {
  const taxType = row.taxType === 'general' || row.taxType === 'simple' || row.taxType === 'exempt' ? row.taxType : null;
  const { businessNumber, name, ceo, businessType, businessItem, address, email } = row;
  return { businessNumber, name, ceo, businessType, businessItem, address, email, taxType };
}

export async function businessOf(deps: TBillingDeps, seedId: string): Promise<TBusiness | null> {
  const row = await repo.findBusiness(deps.db, seedId);
  return row ? toBusiness(row) : null;
}

/** What the NTS says about the number: refused (throws), or the tax type and a note for the answer. */
async function checkAtNts(deps: TBillingDeps, businessNumber: string): Promise<{ taxType: TBusiness['taxType']; note: string | null; checked: boolean }> {
  if (!deps.nts) return { taxType: null, note: null, checked: false };
  let status: TNtsBusinessStatus | undefined;
  try {
    [status] = await deps.nts.status([businessNumber]);
  } catch (err) {
    if (!(err instanceof NtsUnavailableError)) throw err;
    deps.log.warn({ reason: err.reason }, 'billing: NTS status API unavailable, business number accepted on its check digit');
    return { taxType: null, note: t.unchecked, checked: false };
  }
  if (!status?.registered) throw fieldError(t.unregistered);
  if (status.status === 'closed') throw fieldError(t.closed);
  const notes = [status.status === 'suspended' ? t.suspended : null, status.taxType === 'simple' ? t.simple : status.taxType === 'exempt' ? t.exempt : null];
  return { taxType: status.taxType, note: notes.filter(Boolean).join(' ') || null, checked: true };
}

export async function saveBusiness(deps: TBillingDeps, seedId: string, input: TBusinessFields): Promise<TBusinessSaved> {
  const { taxType, note, checked } = await checkAtNts(deps, input.businessNumber);
  const now = deps.now();
  const row = await repo.upsertBusiness(deps.db, { seedId, ...input, taxType, ntsCheckedAt: checked ? now : null, updatedAt: now });
  return { ...toBusiness(row), note };
}

/** The seed becomes an individual (cash receipts instead of 세금계산서 from now on; issued ones stay as they are). */
export async function removeBusiness(deps: TBillingDeps, seedId: string): Promise<void> {
  if (!(await repo.deleteBusiness(deps.db, seedId))) throw new AppError('NOT_FOUND', t.notFound);
}
