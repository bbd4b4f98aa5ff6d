/** Billing (issue 31): the console's 구독 (/admin/billing) and 결제 내역 (/admin/billing/history) screens. */
export const koBillingUi = {
  /** /admin/billing (helper F1). */
  page: {
    title: '구독',
  },
} as const;
