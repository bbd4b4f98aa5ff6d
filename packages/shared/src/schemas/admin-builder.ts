// Admin-page builder: request and response schemas shared by server and web.
import { z } from 'zod';
import { koAdminBuilder } from '../messages/ko-admin-builder.ts';
import { ZAdminRoleRight } from './admin-builder-roles.ts';

const v = koAdminBuilder.validation;

const ZTableName = z.string({ error: v.table }).min(1, v.table).max(128, v.table);

export const ZAdminSeedParams = z.object({ seedId: z.uuid(v.id) });
export const ZAdminAppParams = z.object({ seedId: z.uuid(v.id), appId: z.uuid(v.id) });
export const ZAdminTableParams = z.object({ seedId: z.uuid(v.id), appId: z.uuid(v.id), table: ZTableName });

export const ZAdminRole = z.enum(['admin', 'member']);
export const ZAdminRight = z.enum(['view', 'create', 'edit', 'delete']);
export type TAdminRight = z.infer<typeof ZAdminRight>;

/** Rights per seed role (the owner always has all of them). */
export const ZAdminPermissions = z.object({ admin: z.array(ZAdminRight).max(4), member: z.array(ZAdminRight).max(4) });

export const ZAdminTableSettings = z.object({
  label: z.string().trim().max(60, v.label),
  columnLabels: z.record(z.string(), z.string().trim().max(60, v.label)),
  listColumns: z.array(z.string()).max(200),
  formColumns: z.array(z.string()).max(200),
  readOnlyColumns: z.array(z.string()).max(200),
  defaultSort: z.object({ column: z.string(), dir: z.enum(['asc', 'desc']) }).nullable(),
  /** Column of this table shown when another table's foreign key points here. */
  displayColumn: z.string().nullable(),
  permissions: ZAdminPermissions,
  /** Columns masked as '●●●' until 열람 with a reason (decision 092); left out: the columns named as personal numbers. */
  maskedColumns: z.array(z.string()).max(200).optional(),
});
export type TAdminTableSettings = z.infer<typeof ZAdminTableSettings>;
export const ZUpdateTableSettingsInput = ZAdminTableSettings.partial();
export type TUpdateTableSettingsInput = z.input<typeof ZUpdateTableSettingsInput>;

export const ZCreateAdminAppInput = z.object({
  name: z.string({ error: v.name }).trim().min(1, v.name).max(60, v.name),
  connectionId: z.uuid(v.id),
  tables: z.array(ZTableName, { error: v.tables }).min(1, v.tables).max(100, v.tables),
});
export type TCreateAdminAppInput = z.input<typeof ZCreateAdminAppInput>;
export const ZRenameAdminAppInput = z.object({ name: z.string({ error: v.name }).trim().min(1, v.name).max(60, v.name) });

export const ZAdminColumn = z.object({
  name: z.string(),
  type: z.string(),
  /** What the form and filters do with it. */
  kind: z.enum(['text', 'number', 'boolean', 'date', 'datetime', 'json', 'other']),
  nullable: z.boolean(),
  hasDefault: z.boolean(),
  maxLength: z.number().nullable(),
  /** Allowed values of an enum column (MySQL/MariaDB `enum(…)`), else null. */
  enumValues: z.array(z.string()).nullable(),
  /** Foreign key to (table, column), if this column is one. */
  ref: z.object({ table: z.string(), column: z.string(), display: z.string() }).nullable(),
  /** Numbered by the database (identity, serial, auto_increment): read-only in forms, left out on create. */
  generated: z.boolean(),
  /** Masked personal data: sent as '●●●' until 열람 (decision 092). */
  masked: z.boolean().optional(),
});
export type TAdminColumn = z.infer<typeof ZAdminColumn>;

export const ZAdminTable = z.object({
  name: z.string(),
  kind: z.enum(['table', 'view']),
  primaryKey: z.array(z.string()),
  columns: z.array(ZAdminColumn),
  /** Tables whose foreign key points to this one (one-to-many tabs). */
  related: z.array(z.object({ table: z.string(), column: z.string(), refColumn: z.string() })),
  settings: ZAdminTableSettings,
  /** What the signed-in user may do here (custom roles add export, import, unmask: decision 092). */
  rights: z.array(ZAdminRoleRight),
});
export type TAdminTable = z.infer<typeof ZAdminTable>;

export const ZAdminApp = z.object({
  id: z.uuid(),
  name: z.string(),
  connectionId: z.uuid(),
  connectionName: z.string(),
  engine: z.enum(['postgres', 'mysql']),
  tables: z.array(z.string()),
  canManage: z.boolean(),
  /** Only the seed's owner changes what binds admins (their rights, visible and writable columns). */
  canSetRights: z.boolean(),
  createdAt: z.string(),
});
export type TAdminApp = z.infer<typeof ZAdminApp>;
/** GET /api/seeds/:seedId/admin-builder/apps */
export const ZAdminAppListResponse = z.object({ data: z.array(ZAdminApp) });
export type TAdminAppListResponse = z.infer<typeof ZAdminAppListResponse>;
/** GET …/apps/:appId: the app with its tables, columns, settings and the caller's rights. */
export const ZAdminAppDetailResponse = z.object({ data: ZAdminApp.extend({ schema: z.array(ZAdminTable) }) });
export type TAdminAppDetailResponse = z.infer<typeof ZAdminAppDetailResponse>;
export type TAdminAppDetail = TAdminAppDetailResponse['data'];
/** POST …/apps (201) */
export const ZAdminAppCreatedResponse = z.object({ id: z.uuid() });
export type TAdminAppCreatedResponse = z.infer<typeof ZAdminAppCreatedResponse>;
/** PATCH …/apps/:appId/tables/:table/settings: the table as the app now describes it. */
export const ZAdminSettingsSavedResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAdminTable });
export type TAdminSettingsSavedResponse = z.infer<typeof ZAdminSettingsSavedResponse>;

/**
 * GET rows: page (1-based), pageSize, sort=col.asc|desc, q (search over text columns), and filters
 * f.<column>=<op>:<value> with op one of contains, eq, gte, lte, is (true|false|null).
 */
export const ZAdminRowsQuery = z
  .object({
    page: z.coerce.number({ error: v.page }).int(v.page).min(1, v.page).max(1_000_000, v.page).default(1),
    pageSize: z.coerce.number({ error: v.pageSize }).int(v.pageSize).min(1, v.pageSize).max(200, v.pageSize).default(25),
    sort: z.string().max(200).optional(),
    q: z.string().max(200).optional(),
  })
  .catchall(z.union([z.string().max(500), z.array(z.string().max(500)).max(10)]));

const ZRefs = z.record(z.string(), z.record(z.string(), z.string()));
/** GET …/tables/:table/rows (total is null when the data API does not count). */
export const ZAdminRowListResponse = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  total: z.number().nullable(),
  page: z.number(),
  pageSize: z.number(),
  refs: ZRefs,
});
export type TAdminRowListResponse = z.infer<typeof ZAdminRowListResponse>;
export const ZAdminOptionsQuery = z.object({ q: z.string().max(200).optional() });
/** One choice of a foreign-key pick list: the referenced key and its display column. */
export const ZAdminOption = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type TAdminOption = z.infer<typeof ZAdminOption>;
/** GET …/tables/:table/options */
export const ZAdminOptionsResponse = z.object({ data: z.array(ZAdminOption) });
export type TAdminOptionsResponse = z.infer<typeof ZAdminOptionsResponse>;
export const ZAdminRowKeyQuery = z.object({ key: z.string().min(1).max(1000) });
/** GET …/tables/:table/row?key= */
export const ZAdminRowResponse = z.object({ data: z.record(z.string(), z.unknown()), refs: ZRefs });
export type TAdminRowResponse = z.infer<typeof ZAdminRowResponse>;
/** POST …/rows (201) and PATCH …/row?key=: the row as stored. */
export const ZAdminRowSavedResponse = z.object({ success: z.literal(true), message: z.string(), data: z.record(z.string(), z.unknown()) });
export type TAdminRowSavedResponse = z.infer<typeof ZAdminRowSavedResponse>;
export const ZAdminRowInput = z.record(z.string(), z.unknown());
export const ZAdminBulkDeleteInput = z.object({ keys: z.array(z.string().min(1).max(1000), { error: v.keys }).min(1, v.keys).max(500, v.keys) });
/**
 * CSV as text (`csv`) or as the file's bytes in base64 (`csvBase64`: UTF-8 with or without BOM, or CP949/EUC-KR as
 * Excel on Korean Windows saves it), or an Excel workbook's bytes in base64 (`xlsxBase64`, its first sheet); exactly one of
 * the three. `importId`: a key the client makes per import; a retry with the same key returns
 * the first answer without importing again.
 */
export const ZAdminImportInput = z
  .object({
    csv: z.string({ error: v.csv }).min(1, v.csv).max(5_000_000, v.csv).optional(),
    csvBase64: z.string({ error: v.csv }).min(1, v.csv).max(6_700_000, v.csv).optional(),
    xlsxBase64: z.string({ error: v.csv }).min(1, v.csv).max(6_700_000, v.csv).optional(),
    commit: z.boolean().default(false),
    importId: z
      .string({ error: v.importId })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, v.importId)
      .optional(),
  })
  .refine((x) => [x.csv, x.csvBase64, x.xlsxBase64].filter((f) => f !== undefined).length === 1, { message: v.csv, path: ['csv'] });
export type TAdminImportInput = z.input<typeof ZAdminImportInput>;
/** POST …/tables/:table/import: the preview (commit=false) or the result. */
export const ZAdminImportResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  columns: z.array(z.string()),
  rows: z.array(
    z.object({ line: z.number(), values: z.record(z.string(), z.unknown()), errors: z.array(z.object({ path: z.string(), message: z.string() })) }),
  ),
  imported: z.number(),
  /** How the file was read: CSV in UTF-8 or CP949, or an Excel workbook. */
  encoding: z.enum(['utf-8', 'cp949', 'xlsx']),
});
export type TAdminImportResponse = z.infer<typeof ZAdminImportResponse>;

/** GET …/apps?connectionId=: only the apps built on that connection (what deleting it would take along). */
export const ZAdminAppListQuery = z.object({ connectionId: z.uuid(v.id).optional() });

export const ZAdminAuditQuery = z.object({
  q: z.string().max(200).optional(),
  table: z.string().max(128).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ZAdminAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  table: z.string(),
  rowKey: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;
/** GET …/apps/:appId/audit (50 a page) */
export const ZAdminAuditListResponse = z.object({ data: z.array(ZAdminAuditEntry), total: z.number() });
export type TAdminAuditListResponse = z.infer<typeof ZAdminAuditListResponse>;
