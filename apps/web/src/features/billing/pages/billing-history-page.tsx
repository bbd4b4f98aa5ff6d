// SKELETON (helper F2): /admin/billing/history — invoices with status, print view, receipts, 세금계산서 state; platform admin revenue.
export function BillingHistoryPage() {
  return null;
}
