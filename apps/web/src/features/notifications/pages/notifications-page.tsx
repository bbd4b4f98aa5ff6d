import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { useSeeds } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import { DeliveriesSection } from '../components/deliveries-section';
import { InboxSection } from '../components/inbox-section';
import { PreferencesSection } from '../components/preferences-section';
import { WebhookCard } from '../components/webhook-card';

const p = koNotificationsUi.page;
const tabClass =
  'rounded-md px-3 py-1.5 text-sm text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';
type TTab = 'inbox' | 'preferences' | 'deliveries';

/**
 * /admin/notifications, for every signed-in member: the inbox, the settings (for the selected seed, or the personal
 * ones) with the person's webhook address, and for platform admins the delivery log. The tab is kept in `?tab=`.
 */
export function NotificationsPage() {
  const { user } = useSession();
  const { selected } = useSeeds();
  const [params, setParams] = useSearchParams();
  const isAdmin = user?.role === 'admin';
  const tabs: TTab[] = isAdmin ? ['inbox', 'preferences', 'deliveries'] : ['inbox', 'preferences'];
  const asked = params.get('tab') as TTab | null;
  const tab: TTab = asked && tabs.includes(asked) ? asked : 'inbox';
  const onTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'inbox') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs.Root value={tab} onValueChange={onTab} className="grid min-w-0 gap-4">
      <Tabs.List className="inline-flex w-fit max-w-full flex-wrap rounded-lg bg-muted p-1" aria-label={p.tabs.label}>
        {tabs.map((t) => (
          <Tabs.Trigger key={t} value={t} className={tabClass}>
            {p.tabs[t]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="inbox" className="focus-visible:outline-none">
        <InboxSection />
      </Tabs.Content>
      <Tabs.Content value="preferences" className="grid max-w-4xl gap-6 focus-visible:outline-none">
        <PreferencesSection seedId={selected?.id ?? null} seedName={selected?.seed_name ?? null} />
        <WebhookCard />
      </Tabs.Content>
      {isAdmin ? (
        <Tabs.Content value="deliveries" className="focus-visible:outline-none">
          <DeliveriesSection />
        </Tabs.Content>
      ) : null}
    </Tabs.Root>
  );
}
