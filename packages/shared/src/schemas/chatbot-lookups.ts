// Chatbot lookups (issue 29): an owner's lookup over a table published by the API builder.
import { z } from 'zod';
import { koChatbotLookups } from '../messages/ko-chatbot-lookups.ts';

const v = koChatbotLookups.validation;
const ZId = z.uuid({ error: '올바른 ID가 아닙니다.' });
const ZColumn = z.string({ error: v.column }).trim().min(1, { error: v.column }).max(128, { error: v.column });

export const ZLookupParams = z.object({ seedId: ZId, botId: ZId, lookupId: ZId });

const fields = {
  name: z.string({ error: v.name }).trim().min(1, { error: v.name }).max(40, { error: v.nameMax }),
  apiId: ZId,
  table: ZColumn,
  keyColumn: ZColumn,
  verifyColumn: ZColumn,
  verifyRule: z.enum(['last4', 'equals'], { error: v.verifyRule }),
  replyColumns: z
    .array(ZColumn, { error: v.replyColumns })
    .min(1, { error: v.replyColumns })
    .max(20, { error: v.replyColumnsMax })
    .transform((cols) => [...new Set(cols)]),
  /** Korean labels the answer uses for columns ({ column: label }); a column without one is said by its name. */
  labels: z.record(ZColumn, z.string().trim().min(1, { error: v.label }).max(30, { error: v.label })).optional(),
  /** Words (or one space-separated string) that make a question this lookup, e.g. '주문 배송 조회'. */
  keywords: z
    .union([z.string().max(400, { error: v.keywordsMax }), z.array(z.string())])
    .transform((k) => [...new Set((Array.isArray(k) ? k : k.split(/[\s,]+/)).map((w) => w.trim()).filter(Boolean))])
    .refine((k) => k.every((w) => w.length <= 20), { error: v.keyword })
    .refine((k) => k.length <= 20, { error: v.keywordsMax })
    .optional(),
};

export const ZLookupInput = z.object(fields);
export type TLookupInput = z.output<typeof ZLookupInput>;
export const ZLookupPatch = z.object(fields).partial();
export type TLookupPatch = z.output<typeof ZLookupPatch>;

export const ZLookup = z.object({
  id: z.string(),
  name: z.string(),
  apiId: z.string(),
  table: z.string(),
  keyColumn: z.string(),
  verifyColumn: z.string(),
  verifyRule: z.enum(['last4', 'equals']),
  replyColumns: z.array(z.string()),
  labels: z.record(z.string(), z.string()),
  keywords: z.array(z.string()),
  createdAt: z.string(),
  /** Verifications refused in the current hour because the key or the address was locked (the owner's list only). */
  lockedLastHour: z.number().int().optional(),
});
export type TLookup = z.infer<typeof ZLookup>;
export const ZLookupListResponse = z.object({ data: z.array(ZLookup) });
export const ZLookupResponse = z.object({ message: z.string(), data: ZLookup });
export const ZLookupDeleteResponse = z.object({ message: z.string() });
export type TLookupListResponse = z.infer<typeof ZLookupListResponse>;
export type TLookupResponse = z.infer<typeof ZLookupResponse>;
export type TLookupDeleteResponse = z.infer<typeof ZLookupDeleteResponse>;
