// Knowledge connectors (issue 35, decision 089): console request and response schemas shared by server and web.
import { z } from 'zod';
import { koConnectors } from '../messages/ko-connectors.ts';

const v = koConnectors.validation;

export const ZConnectorKind = z.enum(['google_drive', 'notion']);
export type TConnectorKind = z.infer<typeof ZConnectorKind>;

export const ZConnectorsParams = z.object({ workspaceId: z.uuid({ error: '워크스페이스를 찾을 수 없습니다.' }) });
export const ZConnectorParams = ZConnectorsParams.extend({ connectionId: z.uuid({ error: koConnectors.server.notFound }) });

export const ZNotionConnectInput = z.object({
  token: z
    .string({ error: v.token })
    .trim()
    .min(20, v.token)
    .max(200, v.token)
    .regex(/^[A-Za-z0-9_-]+$/, v.token),
});
export type TNotionConnectInput = z.infer<typeof ZNotionConnectInput>;

export const ZConnectorUpdateInput = z.object({
  folder_ids: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{5,100}$/, v.folder),
    )
    .max(20)
    .optional(),
  public_page_ids: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F-]{32,36}$/, v.page),
    )
    .max(500)
    .optional(),
});
export type TConnectorUpdateInput = z.infer<typeof ZConnectorUpdateInput>;

export const ZConnector = z.object({
  id: z.string(),
  kind: ZConnectorKind,
  account: z.string(),
  status: z.enum(['active', 'error']),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  folder_ids: z.array(z.string()),
  public_page_ids: z.array(z.string()),
  items: z.array(z.object({ id: z.string(), title: z.string(), public: z.boolean() })),
});
export type TConnector = z.infer<typeof ZConnector>;

export const ZConnectorsResponse = z.object({ data: z.object({ drive_available: z.boolean(), connections: z.array(ZConnector) }) });
export type TConnectorsResponse = z.infer<typeof ZConnectorsResponse>;
export const ZConnectorResponse = z.object({ message: z.string().optional(), data: ZConnector });
export const ZDriveStartResponse = z.object({ data: z.object({ url: z.string() }) });
export const ZConnectorOkResponse = z.object({ message: z.string() });
