/** Skeleton (owner: helper mon-traffic). A seed's own slice of monitoring; renders nothing until built. */
export function SeedMonitoring(_props: { seedId: string }) {
  return null;
}
