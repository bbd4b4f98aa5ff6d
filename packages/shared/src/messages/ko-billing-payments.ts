/** Billing (issue 31): card and bank-transfer payment, Toss Payments webhooks. */
export const koBillingPayments = {} as const;
