import { BarChart3, Bot, Braces, CalendarDays, Code2, Info, LayoutDashboard, MessageCircle, Receipt, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import type { TNavIcon } from '@/lib/navigation';

const ICONS: Record<TNavIcon, LucideIcon> = {
  bot: Bot,
  calendar: CalendarDays,
  utensils: UtensilsCrossed,
  braces: Braces,
  layout: LayoutDashboard,
  chart: BarChart3,
  message: MessageCircle,
  receipt: Receipt,
  code: Code2,
  info: Info,
};

export function NavIcon({ name, className }: { name: TNavIcon; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} aria-hidden="true" />;
}
