/** Placeholder replaced by its helper (issue 33). */
export function PublicHelpPage() {
  return <div />;
}
