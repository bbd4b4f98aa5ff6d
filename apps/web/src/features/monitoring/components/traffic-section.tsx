/** Skeleton (owner: helper mon-traffic). Renders nothing until built. */
export function TrafficSection() {
  return null;
}
