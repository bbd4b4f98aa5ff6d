/** Billing (issue 31): business details, NTS status check, 세금계산서 and cash receipts. */
export const koBillingTax = {} as const;
