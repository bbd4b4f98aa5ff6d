// Admin-page builder, saved views per person (issue 36, decision 093): request and response schemas.
import { z } from 'zod';
import { koAdminBuilderViews } from '../messages/ko-admin-builder-views.ts';

const v = koAdminBuilderViews.validation;

/** At most this many views per person per table. */
export const ADMIN_VIEWS_MAX = 50;

/**
 * What a view keeps, in the list route's own shape: `filters` = { column: ['op:value', …] } (the list's
 * `f.<column>=op:value`), `sort` = 'column.asc|desc' or null, `columns` = the visible list columns in order (empty:
 * the table's own), `q` = the search. The server checks it against the table's columns on save.
 */
export const ZAdminViewConfig = z.object(
  {
    filters: z
      .record(z.string().min(1, v.config).max(128, v.config), z.array(z.string().max(500, v.config)).max(10, v.config))
      .refine((f) => Object.keys(f).length <= 200, v.config)
      .default({}),
    sort: z
      .string()
      .max(200, v.sort)
      .regex(/^[^.]+\.(asc|desc)$/, v.sort)
      .nullable()
      .default(null),
    columns: z.array(z.string().min(1, v.config).max(128, v.config)).max(200, v.config).default([]),
    q: z.string().max(200, v.config).default(''),
  },
  { error: v.config },
);
export type TAdminViewConfig = z.infer<typeof ZAdminViewConfig>;

const ZViewName = z.string({ error: v.name }).trim().min(1, v.name).max(60, v.name);
/** POST …/views: a new view of the current list. */
export const ZAdminViewInput = z.object({ name: ZViewName, config: ZAdminViewConfig });
export type TAdminViewInput = z.input<typeof ZAdminViewInput>;
/** PATCH …/views/:viewId: a new name and/or a new config. */
export const ZAdminViewUpdateInput = z.object({ name: ZViewName.optional(), config: ZAdminViewConfig.optional() });
export type TAdminViewUpdateInput = z.input<typeof ZAdminViewUpdateInput>;

export const ZAdminViewParams = z.object({
  seedId: z.uuid(v.config),
  appId: z.uuid(v.config),
  table: z.string().min(1).max(128),
  viewId: z.uuid(koAdminBuilderViews.server.notFound),
});

export const ZAdminView = z.object({ id: z.uuid(), name: z.string(), config: ZAdminViewConfig, updatedAt: z.string() });
export type TAdminView = z.infer<typeof ZAdminView>;
/** GET …/views: the caller's own views of the table, by name. */
export const ZAdminViewListResponse = z.object({ data: z.array(ZAdminView) });
export type TAdminViewListResponse = z.infer<typeof ZAdminViewListResponse>;
export const ZAdminViewSavedResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAdminView });
export type TAdminViewSavedResponse = z.infer<typeof ZAdminViewSavedResponse>;
