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
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { ko } from '@suite/shared';

const n = ko.consoleUi.nav;

export type TConsoleNavItem = {
  title: string;
  href: string;
  icon: LucideIcon;
  status?: 'active' | 'beta' | 'development';
  adminOnly?: boolean;
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
      { title: n.slackAi, href: '/admin/services/slack-ai', icon: MessageSquareText, status: 'active' },
      {
        title: n.schedule,
        href: '/admin/services/schedule',
        icon: CalendarClock,
        status: 'active',
        children: [
          { title: n.scheduleSettings, href: '/admin/services/schedule/settings' },
          { title: n.scheduleUsers, href: '/admin/services/schedule/users' },
          { title: n.scheduleLogs, href: '/admin/services/schedule/logs' },
        ],
      },
      {
        title: n.apiBuilder,
        href: '/admin/services/api-builder',
        icon: Boxes,
        status: 'beta',
        children: [
          { title: n.apiBuilderSettings, href: '/admin/services/api-builder/settings' },
          { title: n.apiBuilderApis, href: '/admin/services/api-builder/apis' },
          { title: n.apiBuilderTest, href: '/admin/services/api-builder/test' },
        ],
      },
      { title: n.adminBuilder, href: '/admin/services/admin-builder', icon: Wrench, status: 'development' },
      { title: n.aiChatbot, href: '/admin/services/ai-chatbot', icon: Bot, status: 'beta' },
    ],
  },
  { id: 'users', label: n.groups.users, items: [{ title: n.users, href: '/admin/users', icon: Users, adminOnly: true }] },
  {
    id: 'billing',
    label: n.groups.billing,
    items: [
      { title: n.subscription, href: '/admin/billing', icon: CreditCard },
      { title: n.paymentHistory, href: '/admin/billing/history', icon: Receipt },
    ],
  },
  {
    id: 'system',
    label: n.groups.system,
    items: [
      { title: n.settings, href: '/admin/settings', icon: Settings },
      { title: n.database, href: '/admin/database', icon: Database },
      { title: n.domains, href: '/admin/domains', icon: Globe },
      { title: n.monitoring, href: '/admin/monitoring', icon: Activity },
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

/** Active when the path equals the item or starts with it plus a slash (the dashboard only on equality). */
export function isActive(path: string, href: string): boolean {
  if (href === '/admin') return path === '/admin';
  return path === href || path.startsWith(href + '/');
}

/** Header title and description per path; other paths fall back to the dashboard's. */
export function pageHeading(path: string): { title: string; description: string } {
  const t = ko.consoleUi.titles;
  if (path.startsWith('/admin/services/slack-ai')) return t.slackAi;
  if (path.startsWith('/admin/services/schedule')) return t.schedule;
  if (path === '/admin/services') return t.services;
  if (path.startsWith('/admin/analytics')) return t.analytics;
  if (path.startsWith('/admin/users')) return t.users;
  if (path.startsWith('/admin/billing')) return t.billing;
  if (path.startsWith('/admin/settings')) return t.settings;
  if (path.startsWith('/admin/seeds')) return t.seeds;
  const item = consoleNav.flatMap((g) => g.items).find((i) => isActive(path, i.href) && i.href !== '/admin');
  return item ? { title: item.title, description: t.dashboard.description } : t.dashboard;
}
