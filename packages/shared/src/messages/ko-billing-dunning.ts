/** Billing (issue 31): the monthly cycle, dunning, grace period and the notices they send. */
export const koBillingDunning = {} as const;
