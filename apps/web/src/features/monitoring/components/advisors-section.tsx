/** Skeleton (owner: helper mon-alerts). Renders nothing until built. */
export function AdvisorsSection() {
  return null;
}
