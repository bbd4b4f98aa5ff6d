/**
 * 세금계산서 through Popbill (issue 31, decision 061). The schedule 'billing.tax-invoices' (hourly, one instance)
 * does three things on each run:
 *
 * 1. From the 1st of month M+1 (Asia/Seoul): for each seed with business details, the invoices paid in M that are in
 *    no 세금계산서 yet become one monthly-total row (state 'pending', unique per seed and month, its own mgtKey).
 * 2. Pending rows are issued with RegistIssue (정발행, 영수, 과세, 작성일자 = the last day of M). A failed attempt stays
 *    pending and is tried again every run until the 10th of M+1; then it is marked failed and the platform admin is
 *    alerted by a log error (and the owner told). Before trying again after an unclear failure (a timeout) GetInfo asks
 *    Popbill whether the document exists already, so a document is never issued twice.
 * 3. Rows not yet final (issued, sending) are polled with GetInfo: 304 전송성공 → sent; 305 전송실패 → failed (and
 *    the owner told). Popbill's event callback (tax.routes.ts) does the same at once for one document.
 *
 * A refund of an invoice on an issued 세금계산서 issues a 수정세금계산서 at once (negative amounts). Cash receipts for
 * individuals are in cash-receipts.service.ts.
 */
import { ko } from '@suite/shared';
import type { TPopbillInfo } from '../../adapters/popbill.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { noticeTaxInvoice } from './billing-notices.ts';
import { cancelCashReceipt, issueCashReceipt, retryCashReceipts } from './cash-receipts.service.ts';
import type { TTx } from '../../db/client.ts';
import * as repo from './tax-invoices.repository.ts';
import type { TTaxInvoiceRow } from './tax-invoices.repository.ts';
import { issueDeadline, modifyDocument, monthlyDocument, monthOf, monthRange, netOf, newMgtKey, previousMonth, ymd } from './tax-invoice-document.ts';

export type TTaxInvoiceState = { state: 'none' | 'pending' | 'issued' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'cash-receipt'; ntsConfirmNum?: string };
type TRowState = Exclude<TTaxInvoiceState['state'], 'none' | 'cash-receipt'>;

/** Two overlapping runs never send one document at the same time: a pending row is held this long per attempt. */
const ISSUE_LEASE_MS = 10 * 60_000;
const TRACKED = ['issued', 'sending'];

export function registerTaxJobs(deps: TBillingDeps, jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {
  jobs.every('billing.tax-invoices', () => runTaxInvoices(deps));
}

/** Popbill's state code → the suite's state (1xx/2xx: not issued yet, the row keeps its state). */
export function stateOfCode(code: number, current: string): TRowState {
  if (code >= 300 && code <= 302) return 'issued';
  if (code === 303) return 'sending';
  if (code === 304) return 'sent';
  if (code === 305) return 'failed';
  if (code >= 400) return 'cancelled';
  return current as TRowState;
}

/** One run of the schedule (tests call it with the clock moved). */
export async function runTaxInvoices(deps: TBillingDeps): Promise<{ created: number; issued: number; polled: number }> {
  const now = deps.now();
  await retryCashReceipts(deps, now);
  if (!deps.popbill) return { created: 0, issued: 0, polled: 0 };
  const created = await createMonthly(deps, previousMonth(monthOf(now)), now);
  let issued = 0;
  for (const row of await repo.taxInvoicesInStates(deps.db, ['pending'])) if (await issueOne(deps, row)) issued++;
  let polled = 0;
  for (const row of await repo.taxInvoicesInStates(deps.db, TRACKED)) {
    try {
      const info = await deps.popbill.getInfo(row.mgtKey);
      polled++;
      if (info) await applyInfo(deps, row, info);
      else deps.log.error({ taxInvoiceId: row.id, mgtKey: row.mgtKey }, 'billing: an issued 세금계산서 is unknown to Popbill');
    } catch (err) {
      deps.log.warn({ err, taxInvoiceId: row.id }, 'billing: 세금계산서 state poll failed (next run tries again)');
    }
  }
  return { created, issued, polled };
}

/** Step 1: the month's rows for every seed with business details and uncovered paid invoices. */
async function createMonthly(deps: TBillingDeps, month: string, now: Date): Promise<number> {
  const { start, end } = monthRange(month);
  const bySeed = new Map<string, repo.TTaxInvoiceSource[]>();
  for (const inv of await repo.paidAwaitingTaxInvoice(deps.db, start, end)) bySeed.set(inv.seedId, [...(bySeed.get(inv.seedId) ?? []), inv]);
  let created = 0;
  for (const [seedId, invoices] of bySeed) {
    const nets = invoices.map(netOf);
    const supply = nets.reduce((s, n) => s + n.supply, 0);
    const tax = nets.reduce((s, n) => s + n.vat, 0);
    if (supply + tax <= 0) continue;
    const row = await repo.insertTaxInvoice(deps.db, {
      seedId,
      month,
      kind: 'normal',
      mgtKey: newMgtKey('T', month),
      invoiceIds: invoices.map((i) => i.id),
      supply,
      tax,
      total: supply + tax,
      state: 'pending',
      createdAt: now,
    });
    if (row) {
      created++;
      continue;
    }
    // The month's row exists: a payment that arrived after it was made joins it while it is not issued yet;
    // after the issue one 세금계산서 per month and seed is the rule, so a person has to look.
    if (
      !(await repo.addToPendingMonth(
        deps.db,
        seedId,
        month,
        invoices.map((i) => i.id),
      ))
    ) {
      deps.log.error({ seedId, month, invoiceIds: invoices.map((i) => i.id) }, 'billing: invoices paid after the month’s 세금계산서 was issued');
    }
  }
  return created;
}

/** Step 2 for one pending row: issue it, adopt what Popbill already has, or give up after the deadline. */
async function issueOne(deps: TBillingDeps, row: TTaxInvoiceRow): Promise<boolean> {
  const popbill = deps.popbill!;
  const now = deps.now();
  const deadline = issueDeadline(row.kind === 'normal' ? row.month : monthOf(row.createdAt));
  if (now >= deadline && (row.error || row.stateCheckedAt)) {
    const failed = await repo.updateTaxInvoice(deps.db, row.id, { state: 'failed', error: row.error ?? 'not issued', stateCheckedAt: now }, ['pending']);
    if (failed) {
      deps.log.error(
        { taxInvoiceId: row.id, seedId: row.seedId, month: row.month, error: row.error },
        'billing: 세금계산서 not issued by the 10th — needs a person',
      );
      await tell(deps, row.id, 'failed');
    }
    return false;
  }
  if (!(await repo.claimForIssue(deps.db, row.id, now, ISSUE_LEASE_MS))) return false;
  try {
    if (row.error) {
      // The last attempt failed; it may have reached Popbill all the same (a timeout): ask before sending again.
      const info = await popbill.getInfo(row.mgtKey);
      if (info) {
        await applyInfo(deps, row, info);
        return true;
      }
    }
    const document = await documentOf(deps, row);
    if (typeof document === 'string') {
      await repo.updateTaxInvoice(deps.db, row.id, { error: document }, ['pending']);
      deps.log.error({ taxInvoiceId: row.id, reason: document }, 'billing: 세금계산서 cannot be written');
      return false;
    }
    const company = deps.company.name ?? '';
    const result = await popbill.registIssue(document, { emailSubject: ko.billing.tax.taxInvoice.emailSubject(company, row.month) });
    const issued = await repo.updateTaxInvoice(
      deps.db,
      row.id,
      {
        state: 'issued',
        stateCode: 300,
        ntsConfirmNum: result.ntsConfirmNum,
        error: null,
        issuedAt: now,
        stateCheckedAt: now,
      },
      ['pending'],
    );
    if (issued) await tell(deps, row.id, 'issued');
    return Boolean(issued);
  } catch (err) {
    const reason = err instanceof Error ? `${(err as { code?: number }).code ?? ''} ${err.message}`.trim() : 'failed';
    await repo.updateTaxInvoice(deps.db, row.id, { error: reason.slice(0, 300) }, ['pending']);
    deps.log.warn({ taxInvoiceId: row.id, reason }, 'billing: 세금계산서 issue failed (tried again next run until the 10th)');
    return false;
  }
}

/** The Popbill document of a row, or why it cannot be written. Monthly rows take their invoices' amounts now. */
async function documentOf(deps: TBillingDeps, row: TTaxInvoiceRow) {
  if (!deps.company.name || !deps.company.representative) return 'COMPANY_NAME and COMPANY_REPRESENTATIVE are not configured';
  const buyer = await repo.findBusiness(deps.db, row.seedId);
  if (!buyer) return 'the seed has no business details any more';
  const invoices = await repo.invoicesByIds(deps.db, row.invoiceIds);
  const party = { company: deps.company, corpNum: deps.popbill!.corpNum, buyer };
  if (row.kind === 'modify') {
    const original = row.originalId ? await repo.findTaxInvoice(deps.db, row.originalId) : undefined;
    if (!original?.ntsConfirmNum || !invoices[0]) return 'the original 세금계산서 has no NTS 승인번호';
    return modifyDocument({ ...party, mgtKey: row.mgtKey, writeDate: ymd(row.createdAt), original, invoice: invoices[0], supply: -row.supply, vat: -row.tax });
  }
  const live = invoices.filter((i) => i.status === 'paid');
  const document = monthlyDocument({ ...party, mgtKey: row.mgtKey, month: row.month, invoices: live });
  if (Number(document.totalAmount) <= 0) return 'nothing left to invoice (refunded)';
  // The row shows what was sent (a refund before the issue lowers the month's sums).
  await repo.updateTaxInvoiceAmounts(deps.db, row.id, Number(document.supplyCostTotal), Number(document.taxTotal));
  return document;
}

/**
 * Applies Popbill's state of a document to its row (in `db`, a transaction when the caller has one). Returns the row
 * after the change, or null when nothing changed; the caller sends the notices (afterChange) after its commit.
 */
export async function applyState(deps: TBillingDeps, row: TTaxInvoiceRow, info: TPopbillInfo, db: TTx = deps.db): Promise<TTaxInvoiceRow | null> {
  const state = stateOfCode(info.stateCode, row.state);
  const ntsConfirmNum = info.ntsConfirmNum ?? row.ntsConfirmNum;
  const changed = state !== row.state || info.stateCode !== row.stateCode || ntsConfirmNum !== row.ntsConfirmNum;
  const now = deps.now();
  const updated = await repo.updateTaxInvoice(
    db,
    row.id,
    {
      state,
      stateCode: info.stateCode,
      ntsConfirmNum,
      ntsResult: info.ntsResult ?? info.ntsSendErrCode ?? row.ntsResult,
      stateCheckedAt: now,
      ...(row.state === 'pending' && state !== 'pending' ? { issuedAt: now, error: null } : {}),
    },
    [row.state],
  );
  return updated && changed ? updated : null;
}

/** applyState outside a transaction, with its notices. */
async function applyInfo(deps: TBillingDeps, row: TTaxInvoiceRow, info: TPopbillInfo): Promise<void> {
  const after = await applyState(deps, row, info);
  if (after) await afterChange(deps, row, after);
}

/** The notices of a state change (call after the commit). */
export async function afterChange(deps: TBillingDeps, before: TTaxInvoiceRow, after: TTaxInvoiceRow): Promise<void> {
  if (after.state === before.state) return;
  if (after.state === 'failed') {
    deps.log.error({ taxInvoiceId: after.id, stateCode: after.stateCode, ntsResult: after.ntsResult }, 'billing: 세금계산서 NTS transmission failed (305)');
    await tell(deps, after.id, 'failed');
  } else if (before.state === 'pending' && after.state !== 'cancelled') await tell(deps, after.id, 'issued');
}

async function tell(deps: TBillingDeps, taxInvoiceId: string, outcome: 'issued' | 'failed'): Promise<void> {
  try {
    await noticeTaxInvoice(deps, taxInvoiceId, outcome);
  } catch (err) {
    deps.log.error({ err, taxInvoiceId }, 'billing: 세금계산서 notice failed');
  }
}

/** After an invoice is paid: an individual's transfer gets a cash receipt (card slips are receipts already). */
export async function onInvoicePaid(deps: TBillingDeps, invoiceId: string): Promise<void> {
  await issueCashReceipt(deps, invoiceId);
}

/**
 * After a refund: when the invoice is on an issued 세금계산서, a 수정세금계산서 for what that 세금계산서 (with its earlier
 * 수정s) still invoices beyond what its invoices are now worth. The amounts are read from the database, not taken
 * from the argument, so calling this twice issues nothing twice. An invoice whose month is not issued yet needs none:
 * the monthly one is written with what is left.
 */
export async function onInvoiceRefunded(deps: TBillingDeps, invoiceId: string, _amount: number): Promise<void> {
  // An individual's 현금영수증 is Toss's, not Popbill's: cancelled whatever Popbill's configuration.
  try {
    await cancelCashReceipt(deps, invoiceId);
  } catch (err) {
    deps.log.error({ err, invoiceId }, 'billing: cash receipt cancel failed (the tax schedule tries again)');
  }
  if (!deps.popbill) return;
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const inv = await repo.findInvoice(tx, invoiceId);
    if (!inv) return undefined;
    const issued = (await repo.taxInvoicesOfInvoices(tx, [invoiceId])).find(
      (r) => r.kind === 'normal' && r.ntsConfirmNum && ['issued', 'sending', 'sent', 'failed'].includes(r.state),
    );
    if (!issued) return undefined;
    // One decision at a time per 세금계산서: what it still invoices (the original plus its 수정s) against what its
    // invoices are worth now (each after its refunds); the difference is reversed. Exact whenever the refunds came.
    await repo.lockTaxKey(tx, issued.id);
    const original = (await repo.findTaxInvoice(tx, issued.id))!;
    const modifies = (await repo.modifiesOf(tx, original.id)).filter((r) => r.state !== 'cancelled');
    const invoices = (await repo.invoicesByIds(tx, original.invoiceIds)).map((i) =>
      i.status === 'paid' || i.status === 'refunded' ? netOf(i) : { supply: 0, vat: 0 },
    );
    const supply = original.supply + modifies.reduce((s, r) => s + r.supply, 0) - invoices.reduce((s, n) => s + n.supply, 0);
    const vat = original.tax + modifies.reduce((s, r) => s + r.tax, 0) - invoices.reduce((s, n) => s + n.vat, 0);
    if (supply + vat <= 0) return undefined;
    return repo.insertTaxInvoice(tx, {
      seedId: inv.seedId,
      month: original.month,
      kind: 'modify',
      originalId: original.id,
      mgtKey: newMgtKey('M', monthOf(now)),
      invoiceIds: [invoiceId],
      supply: -supply,
      tax: -vat,
      total: -(supply + vat),
      state: 'pending',
      createdAt: now,
    });
  });
  if (row) await issueOne(deps, row);
}

/** The 세금계산서 state of each invoice, for the invoice answers. */
export async function taxInvoiceStates(deps: TBillingDeps, invoiceIds: string[]): Promise<Map<string, TTaxInvoiceState>> {
  const out = new Map<string, TTaxInvoiceState>(invoiceIds.map((id) => [id, { state: 'none' }]));
  if (!invoiceIds.length) return out;
  const invoices = await repo.invoicesByIds(deps.db, invoiceIds);
  const related = deps.popbill ? await repo.taxInvoicesOfInvoices(deps.db, invoiceIds) : [];
  const businesses = deps.popbill
    ? await repo.businessesOf(
        deps.db,
        invoices.map((i) => i.seedId),
      )
    : new Map();
  for (const inv of invoices) {
    if (inv.cashReceipt) {
      out.set(inv.id, { state: 'cash-receipt' });
      continue;
    }
    if (!deps.popbill) continue;
    const normal = related.find((r) => r.kind === 'normal' && r.invoiceIds.includes(inv.id));
    if (normal) out.set(inv.id, { state: normal.state as TRowState, ...(normal.ntsConfirmNum ? { ntsConfirmNum: normal.ntsConfirmNum } : {}) });
    else if (inv.status === 'paid' && businesses.has(inv.seedId)) out.set(inv.id, { state: 'pending' });
  }
  return out;
}
