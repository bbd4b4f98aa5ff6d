import { catalogueEntry, isAvailable, type TCatalogueId } from '@suite/shared/catalogue';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';

const n = koSiteShell.nav;

/** Icon names the header knows how to draw (lucide icons, mapped in features/site/components/nav-icon.tsx). */
export type TNavIcon = 'bot' | 'calendar' | 'utensils' | 'braces' | 'layout' | 'chart' | 'message' | 'receipt' | 'code' | 'info';

/** 'waiting' = development pending (grey), 'development' = in development (amber). Both are disabled. */
export type TNavStatus = 'waiting' | 'development';

export type TNavItem = {
  id: string;
  title: string;
  /** May hold line breaks (\n). */
  description: string;
  href: string;
  icon: TNavIcon;
  disabled?: boolean;
  status?: TNavStatus;
};

export type TNavGroup = { id: string; title: string; items: TNavItem[] };

const item = (id: keyof typeof n.items, href: string, icon: TNavIcon, status?: TNavStatus): TNavItem => ({
  id,
  ...n.items[id],
  href: status ? '/' : href,
  icon,
  ...(status ? { disabled: true, status } : {}),
});

/**
 * An item for a service of the catalogue: a link to its public page (or, without one, its console page) once it is
 * usable; 'in development' and disabled until then — so the menu never says something the catalogue does not.
 */
const service = (id: keyof typeof n.items, serviceId: TCatalogueId, icon: TNavIcon): TNavItem => {
  const entry = catalogueEntry(serviceId);
  const href = entry.sitePath ?? entry.consolePath;
  return isAvailable(entry.status) && href ? item(id, href, icon) : item(id, '/', icon, entry.status === 'planned' ? 'waiting' : 'development');
};

/** 'company tools' dropdown: two columns. */
export const companyToolGroups: TNavGroup[] = [
  {
    id: 'product-dev',
    title: n.productDev,
    items: [service('apiBuilder', 'api-builder', 'braces'), service('adminBuilder', 'admin-builder', 'layout'), item('metrics', '/', 'chart', 'waiting')],
  },
  {
    id: 'team',
    title: n.teamTools,
    items: [service('slackAi', 'slack-ai', 'bot'), service('meetingRoom', 'schedule', 'calendar'), service('foodManager', 'meal', 'utensils')],
  },
];

/** 'customer tools' dropdown: 'AI tools' and 'service tools'. */
export const customerToolGroups: TNavGroup[] = [
  { id: 'ai', title: n.aiTools, items: [service('aiChatbot', 'ai-chatbot', 'message')] },
  { id: 'service', title: n.serviceTools, items: [item('taxInvoice', '/', 'receipt', 'waiting')] },
];

export type TNavLink = { id: string; title: string; href: string; icon: TNavIcon };

const apiBuilder = catalogueEntry('api-builder');
const apiBuilderHref = apiBuilder.sitePath ?? apiBuilder.consolePath;

/** Simple links after the dropdowns: the API builder (its public page, else its console page, once usable), 'about'. */
export const simpleLinks: TNavLink[] = [
  ...(isAvailable(apiBuilder.status) && apiBuilderHref ? [{ id: 'apis', title: n.apis, href: apiBuilderHref, icon: 'code' as const }] : []),
  { id: 'about', title: n.about, href: '/about', icon: 'info' },
];

/** Mobile sheet: 'productivity tools' = every company-tool item; 'customer service' = the AI tools group only. */
export const mobileGroups: TNavGroup[] = [
  { id: 'productivity', title: n.productivity, items: companyToolGroups.flatMap((g) => g.items) },
  { id: 'customer-service', title: n.customerService, items: customerToolGroups[0]!.items },
];
