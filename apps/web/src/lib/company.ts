import type { TPublicCompany } from '@suite/shared';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { usePublicConfig } from '@/lib/public-config';

const t = koSiteShell.footer;
/** The product's brand (not the operator's legal name, which is configuration: COMPANY_NAME). */
export const serviceName = koSiteShell.brand;

const EMPTY: TPublicCompany = { name: null, representative: null, businessNumber: null, mailOrderNumber: null, address: null, email: null, phone: null };

/**
 * The operator's legal details from the server's configuration (COMPANY_*; required in production). Nothing is
 * invented: while loading, and in development without them, every field is null and the pages leave the line out.
 */
export function useCompany(): TPublicCompany {
  return usePublicConfig().data?.company ?? EMPTY;
}

/** The configured details as labelled lines (상호, 대표, 사업자등록번호, …), in the order the law lists them. */
export function companyLines(c: TPublicCompany): { key: string; label: string | null; value: string }[] {
  const lines: { key: keyof TPublicCompany; label: string | null }[] = [
    { key: 'name', label: null },
    { key: 'representative', label: t.representative },
    { key: 'businessNumber', label: t.businessNumber },
    { key: 'mailOrderNumber', label: t.mailOrderNumber },
    { key: 'address', label: t.address },
    { key: 'email', label: t.email },
    { key: 'phone', label: t.phone },
  ];
  return lines.flatMap((l) => (c[l.key] ? [{ key: l.key, label: l.label, value: c[l.key]! }] : []));
}
