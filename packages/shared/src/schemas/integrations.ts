/** GET /api/admin/integrations: which outside services this server is configured for (platform admins only). */
import { z } from 'zod';

export const ZIntegrationId = z.enum(['slack', 'google', 'mail', 'llm']);
export type TIntegrationId = z.infer<typeof ZIntegrationId>;

export const ZIntegrationStatus = z.object({
  /** A known id (labels in ko.integrations) or a newer one the page shows by its id until it has a label. */
  id: z.string(),
  configured: z.boolean(),
  /** The environment variables to set (names only: values never leave the server). */
  variables: z.array(z.object({ name: z.string(), set: z.boolean(), required: z.boolean() })),
});
export type TIntegrationStatus = z.infer<typeof ZIntegrationStatus>;

export const ZIntegrationsResponse = z.object({ integrations: z.array(ZIntegrationStatus) });
export type TIntegrationsResponse = z.infer<typeof ZIntegrationsResponse>;
