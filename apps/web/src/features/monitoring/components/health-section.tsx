/** Skeleton (owner: helper mon-health). Renders nothing until built. */
export function HealthSection() {
  return null;
}
