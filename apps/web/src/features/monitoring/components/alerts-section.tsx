/** Skeleton (owner: helper mon-alerts). Renders nothing until built. */
export function AlertsSection() {
  return null;
}
