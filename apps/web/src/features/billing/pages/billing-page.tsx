// SKELETON (helper F1): /admin/billing — plan, usage against the plan with the projection, change plan, payment method, business details.
export function BillingPage() {
  return null;
}
