// Custom domains (issue 33): the pinned HTTP API's requests and answers, shared by server and web.
import { z } from 'zod';

export const ZDomainPurpose = z.enum(['data-api', 'help', 'mail']);
export type TDomainPurpose = z.infer<typeof ZDomainPurpose>;
export const ZDomainStatus = z.enum(['pending', 'connected', 'error']);
export type TDomainStatus = z.infer<typeof ZDomainStatus>;

/**
 * POST /api/seeds/{seedId}/domains. The host is checked again on the server (IDN → punycode, no IP address, not the
 * suite's own host); the form uses the same rule for a quick answer.
 */
export const ZDomainInput = z.object({
  host: z.string().trim().min(1).max(253),
  purpose: ZDomainPurpose,
});
export type TDomainInput = z.infer<typeof ZDomainInput>;

/** One DNS record to add: `name` is the full name (e.g. `_company-tools.api.example.co.kr`). */
export const ZDomainRecord = z.object({
  type: z.enum(['CNAME', 'A', 'TXT']),
  name: z.string(),
  value: z.string(),
  /** What the record is for: ownership (TXT token), routing (CNAME/A), spf, dkim, dmarc. */
  role: z.enum(['ownership', 'routing', 'spf', 'dkim', 'dmarc']),
  /** Whether the last check saw it. */
  found: z.boolean().optional(),
});
export type TDomainRecord = z.infer<typeof ZDomainRecord>;

export const ZDomain = z.object({
  id: z.uuid(),
  host: z.string(),
  purpose: ZDomainPurpose,
  status: ZDomainStatus,
  records: z.array(ZDomainRecord),
  error: z.string().nullable(),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TDomain = z.infer<typeof ZDomain>;
export const ZDomainList = z.object({ data: z.array(ZDomain) });
export type TDomainList = z.infer<typeof ZDomainList>;

export const ZDomainParams = z.object({ seedId: z.uuid(), id: z.uuid() });
