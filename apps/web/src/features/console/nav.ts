import {
  BarChart3,
  Bot,
  Boxes,
  CalendarClock,
  CreditCard,
  Database,
  FileText,
  Globe,
  LayoutDashboard,
  LifeBuoy,
  MessageSquareText,
  Bell,
  Activity,
  Receipt,
  Settings,
  Users,
  UtensilsCrossed,
  Wrench,
  PlugZap,
  type LucideIcon,
} from 'lucide-react';
import { catalogueStatus, isAppRoute, ko, matchesRoute, type TCatalogueId, type TSeed } from '@suite/shared';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';

/** A service's badge in the sidebar: its status in the one catalogue ('planned' shows as in development). */
function consoleStatus(id: TCatalogueId): 'active' | 'beta' | 'development' {
  const s = catalogueStatus(id);
  return s === 'planned' ? 'development' : s;
}

const n = ko.consoleUi.nav;

export type TConsoleNavItem = {
  title: string;
  href: string;
  icon: LucideIcon;
  status?: 'active' | 'beta' | 'development';
  adminOnly?: boolean;
  /** For platform admins and the selected seed's owner and admins (a seed-scoped tool such as monitoring). */
  managersOnly?: boolean;
  /** Not built yet (its page says 준비 중): marked in the sidebar, and left out for members (see canSee). */
  soon?: boolean;
  children?: { title: string; href: string }[];
};
export type TConsoleNavGroup = { id: string; label: string; items: TConsoleNavItem[] };

/** The sidebar's groups and routes, exactly as the spec lists them. */
export const consoleNav: TConsoleNavGroup[] = [
  {
    id: 'main',
    label: n.groups.main,
    items: [
      { title: n.dashboard, href: '/admin', icon: LayoutDashboard },
      { title: n.analytics, href: '/admin/analytics', icon: BarChart3, adminOnly: true },
    ],
  },
  {
    id: 'services',
    label: n.groups.services,
    items: [
      { title: n.slackAi, href: '/admin/services/slack-ai', icon: MessageSquareText, status: consoleStatus('slack-ai') },
      {
        title: n.schedule,
        href: '/admin/services/schedule',
        icon: CalendarClock,
        status: consoleStatus('schedule'),
        children: [
          { title: n.scheduleSettings, href: '/admin/services/schedule/settings' },
          { title: n.scheduleUsers, href: '/admin/services/schedule/users' },
          { title: n.scheduleLogs, href: '/admin/services/schedule/logs' },
        ],
      },
      {
        title: ko.meal.ui.title,
        href: '/admin/services/meal',
        icon: UtensilsCrossed,
        status: consoleStatus('meal'),
        children: [
          { title: ko.meal.ui.ledger, href: '/admin/services/meal/ledger' },
          { title: koMealPolicy.ui.reportLink, href: '/admin/services/meal/report' },
          { title: koMealPolicy.ui.settingsLink, href: '/admin/services/meal/settings' },
          { title: ko.meal.profile.ui.title, href: '/admin/services/meal/profile' },
        ],
      },
      {
        title: n.apiBuilder,
        href: '/admin/services/api-builder',
        icon: Boxes,
        status: consoleStatus('api-builder'),
        children: [
          { title: n.apiBuilderSettings, href: '/admin/services/api-builder/settings' },
          { title: n.apiBuilderApis, href: '/admin/services/api-builder/apis' },
          { title: n.apiBuilderTest, href: '/admin/services/api-builder/test' },
        ],
      },
      { title: n.adminBuilder, href: '/admin/services/admin-builder', icon: Wrench, status: consoleStatus('admin-builder') },
      { title: n.aiChatbot, href: '/admin/services/ai-chatbot', icon: Bot, status: consoleStatus('ai-chatbot') },
    ],
  },
  { id: 'users', label: n.groups.users, items: [{ title: n.users, href: '/admin/users', icon: Users, adminOnly: true }] },
  {
    id: 'billing',
    label: n.groups.billing,
    items: [
      { title: n.subscription, href: '/admin/billing', icon: CreditCard, managersOnly: true },
      { title: n.paymentHistory, href: '/admin/billing/history', icon: Receipt, managersOnly: true },
    ],
  },
  {
    id: 'system',
    label: n.groups.system,
    items: [
      { title: n.settings, href: '/admin/settings', icon: Settings },
      { title: n.integrations, href: '/admin/settings/integrations', icon: PlugZap, adminOnly: true },
      { title: n.database, href: '/admin/database', icon: Database, adminOnly: true },
      { title: n.domains, href: '/admin/domains', icon: Globe, managersOnly: true },
      { title: n.monitoring, href: '/admin/monitoring', icon: Activity, managersOnly: true },
      { title: n.notifications, href: '/admin/notifications', icon: Bell },
    ],
  },
  {
    id: 'help',
    label: n.groups.help,
    items: [
      { title: n.helpCenter, href: '/admin/help', icon: LifeBuoy },
      { title: n.docs, href: '/admin/docs', icon: FileText },
    ],
  },
];

/** Who looks at the sidebar: a platform admin or not, and their role in the selected seed (null without one). */
export type TNavViewer = { isAdmin: boolean; seedRole: TSeed['role'] | null };

/**
 * Whether an entry is listed: platform-admin pages for platform admins only; pages still 준비 중 for platform admins
 * and the selected seed's owner and admins (who decide about billing, domains, …), not for its members.
 */
export function canSee(item: TConsoleNavItem, viewer: TNavViewer): boolean {
  if (item.adminOnly && !viewer.isAdmin) return false;
  const manager = viewer.isAdmin || viewer.seedRole === 'owner' || viewer.seedRole === 'admin';
  if ((item.soon || item.managersOnly) && !manager) return false;
  return true;
}

/** The sidebar's groups as this viewer sees them; a group left empty is dropped. */
export function visibleNav(viewer: TNavViewer): TConsoleNavGroup[] {
  return consoleNav.map((g) => ({ ...g, items: g.items.filter((i) => canSee(i, viewer)) })).filter((g) => g.items.length > 0);
}

/** Active when the path equals the item or starts with it plus a slash (the dashboard only on equality). */
export function isActive(path: string, href: string): boolean {
  if (href === '/admin') return path === '/admin';
  return path === href || path.startsWith(href + '/');
}

/** The one menu entry to highlight: the most specific item or sub-item whose path contains the current one. */
export function activeHref(path: string, items: TConsoleNavItem[]): string | null {
  const hrefs = items.flatMap((i) => [i.href, ...(i.children ?? []).map((c) => c.href)]);
  const hits = hrefs.filter((h) => isActive(path, h)).sort((a, b) => b.length - a.length);
  return hits[0] ?? null;
}

type THeading = { title: string; description: string };
const t = ko.consoleUi.titles;
/** Every console route's own header (add a line for each new route; deeper paths take their section's). */
export const consoleHeadings: [string, THeading][] = [
  ['/admin', t.dashboard],
  ['/admin/analytics', t.analytics],
  ['/admin/services', t.services],
  ['/admin/services/slack-ai', t.slackAi],
  ['/admin/services/schedule', t.schedule],
  ['/admin/services/schedule/settings', t.scheduleSettings],
  ['/admin/services/schedule/users', t.scheduleUsers],
  ['/admin/services/schedule/logs', t.scheduleLogs],
  ['/admin/services/meal', { title: ko.meal.ui.title, description: ko.meal.ui.description }],
  ['/admin/services/meal/ledger', { title: `${ko.meal.ui.title} ${ko.meal.ui.ledger}`, description: ko.meal.ui.ledgerDescription }],
  ['/admin/services/meal/profile', { title: ko.meal.profile.ui.title, description: ko.meal.profile.ui.description }],
  ['/admin/services/meal/settings', { title: koMealPolicy.ui.settingsTitle, description: koMealPolicy.ui.settingsDescription }],
  ['/admin/services/meal/report', { title: koMealPolicy.ui.reportLink, description: koMealPolicy.ui.reportDescription }],
  ['/admin/services/meal/:mealId', { title: `${ko.meal.ui.title} 라운드`, description: ko.meal.ui.roundDescription }],
  ['/admin/services/api-builder', t.apiBuilder],
  ['/admin/services/api-builder/settings', t.apiBuilderSettings],
  ['/admin/services/api-builder/apis', t.apiBuilderApis],
  ['/admin/services/api-builder/test', t.apiBuilderTest],
  ['/admin/services/admin-builder', t.adminBuilder],
  ['/admin/services/admin-builder/apps/:appId', ko.adminBuilder.headings.app],
  ['/admin/services/admin-builder/apps/:appId/:table', ko.adminBuilder.headings.table],
  ['/admin/services/admin-builder/apps/:appId/:table/new', ko.adminBuilder.headings.newRow],
  ['/admin/services/admin-builder/apps/:appId/:table/row', ko.adminBuilder.headings.row],
  ['/admin/services/admin-builder/apps/:appId/:table/settings', ko.adminBuilder.headings.settings],
  ['/admin/services/admin-builder/audit/:appId', ko.adminBuilder.headings.audit],
  ['/admin/services/admin-builder/roles/:appId', ko.adminBuilder.headings.roles],
  ['/admin/services/admin-builder/actions/:appId', ko.adminBuilder.headings.actions],
  ['/admin/services/ai-chatbot', t.aiChatbot],
  ['/admin/users', t.users],
  ['/admin/seeds', t.seeds],
  ['/admin/seeds/privacy', { title: ko.privacy.seedRequests.title, description: ko.privacy.seedRequests.pageDescription }],
  ['/admin/billing', t.billing],
  ['/admin/billing/card', { title: ko.billing.ui.page.cardReturn.title, description: ko.billing.ui.page.cardReturn.description }],
  ['/admin/billing/history', t.billingHistory],
  ['/admin/billing/history/:invoiceId', ko.billing.ui.history.invoice.heading],
  ['/admin/settings', t.settings],
  ['/admin/settings/integrations', t.integrations],
  ['/admin/database', t.database],
  ['/admin/domains', t.domains],
  ['/admin/monitoring', t.monitoring],
  ['/admin/notifications', t.notifications],
  ['/admin/help', t.help],
  ['/admin/docs', t.docs],
];

/** Header title and description of a console path; an unknown path gets the not-found heading. */
export function pageHeading(path: string): THeading {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = consoleHeadings.find(([p]) => p === clean || (p.includes('/:') && matchesRoute(p, clean)));
  if (exact) return exact[1];
  const section = consoleHeadings.filter(([p]) => p !== '/admin' && clean.startsWith(p + '/')).sort((a, b) => b[0].length - a[0].length)[0];
  return section && isAppRoute(clean) ? section[1] : t.notFound;
}
