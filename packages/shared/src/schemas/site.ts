import { z } from 'zod';
import { koSite } from '../messages/ko-site.ts';
import { ZEmail } from './auth.ts';

const v = koSite.beta.validation;

/** The services a visitor can apply to beta-test (keys of koSite.beta.services). */
export const BETA_SERVICES = ['slack-ai', 'meeting-room', 'food-manager', 'api-builder', 'admin-builder', 'ai-chatbot'] as const;
export const ZBetaService = z.enum(BETA_SERVICES, { error: v.serviceRequired });
export type TBetaService = z.infer<typeof ZBetaService>;

/** 'Apply for beta' form and POST /api/beta-applications body: one schema for both. */
export const ZBetaApplicationInput = z.object({
  name: z.string().trim().min(1, v.nameRequired).max(40, v.nameMax),
  email: ZEmail,
  company: z.string().trim().max(100, v.companyMax).default(''),
  service: ZBetaService,
});
export type TBetaApplicationInput = z.input<typeof ZBetaApplicationInput>;

export const ZBetaApplicationResponse = z.object({
  success: z.literal(true),
  /** False when the same email had already applied for the same service (nothing new stored). */
  created: z.boolean(),
  message: z.string(),
});
export type TBetaApplicationResponse = z.infer<typeof ZBetaApplicationResponse>;

/** Public pages listed in sitemap.xml (served by the server with APP_URL as the base). */
export const PUBLIC_SITE_PATHS = ['/', '/about', '/slack-ai', '/meeting-room', '/food-manager', '/terms', '/privacy'] as const;
