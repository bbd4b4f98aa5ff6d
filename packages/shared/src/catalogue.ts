import { koCatalogue } from './messages/ko-catalogue.ts';

/**
 * THE catalogue of services: status, public page and console page of each. Every page that says something about a
 * service (home counters and badges, about, header menu, console sidebar and tables, dashboard) reads it here.
 * A service that lands is one line: change its `status` (e.g. 'development' → 'beta') and give it its `consolePath`.
 */
export type TCatalogueStatus = 'active' | 'beta' | 'development' | 'planned';
export type TCatalogueId = 'slack-ai' | 'schedule' | 'meal' | 'api-builder' | 'admin-builder' | 'ai-chatbot';
export type TCatalogueEntry = {
  id: TCatalogueId;
  status: TCatalogueStatus;
  /** Public page (marketing) or null. */
  sitePath: string | null;
  /** Where a signed-in user works with it (console) or null while it is not built. */
  consolePath: string | null;
};

export const SERVICE_CATALOGUE: readonly TCatalogueEntry[] = [
  { id: 'slack-ai', status: 'active', sitePath: '/slack-ai', consolePath: '/admin/services/slack-ai' },
  { id: 'schedule', status: 'active', sitePath: '/meeting-room', consolePath: '/admin/services/schedule' },
  { id: 'meal', status: 'beta', sitePath: '/food-manager', consolePath: '/admin/services/meal' },
  { id: 'api-builder', status: 'beta', sitePath: null, consolePath: '/admin/services/api-builder' },
  { id: 'admin-builder', status: 'beta', sitePath: null, consolePath: '/admin/services/admin-builder' },
  { id: 'ai-chatbot', status: 'beta', sitePath: null, consolePath: '/admin/services/ai-chatbot' },
];

export function catalogueEntry(id: TCatalogueId): TCatalogueEntry {
  return SERVICE_CATALOGUE.find((s) => s.id === id)!;
}

export function catalogueStatus(id: TCatalogueId): TCatalogueStatus {
  return catalogueEntry(id).status;
}

/** Usable now: in operation or in beta. */
export function isAvailable(status: TCatalogueStatus): boolean {
  return status === 'active' || status === 'beta';
}

/** How many services per status, in display order, leaving out statuses with none. */
export function catalogueCounts(): { status: TCatalogueStatus; count: number; label: string }[] {
  const order: TCatalogueStatus[] = ['active', 'beta', 'development', 'planned'];
  return order
    .map((status) => ({ status, count: SERVICE_CATALOGUE.filter((s) => s.status === status).length, label: koCatalogue.counts[status] }))
    .filter((c) => c.count > 0);
}
