/** An article's `updated` (ISO date from its front matter) as a Korean date; the raw text when it does not parse. */
export function formatUpdated(updated: string): string {
  const d = new Date(updated);
  if (Number.isNaN(d.getTime())) return updated;
  return d.toLocaleDateString('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });
}
