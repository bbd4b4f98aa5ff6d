import { ko } from '@suite/shared';
import { useSession } from '@/lib/session';
import { useSeeds } from '@/lib/seed-context';
import { HealthSection } from '../components/health-section';
import { TrafficSection } from '../components/traffic-section';
import { SpendSection } from '../components/spend-section';
import { AdvisorsSection } from '../components/advisors-section';
import { AlertsSection } from '../components/alerts-section';
import { SeedMonitoring } from '../components/seed-monitoring';

/**
 * /admin/monitoring. A platform admin sees the whole suite (health, traffic, spend, advisors, alerts); a seed's
 * owner or admin sees the same page scoped to their seed. The server enforces both (each route checks the role).
 */
export function MonitoringPage() {
  const { user } = useSession();
  const { selected } = useSeeds();
  if (user?.role === 'admin')
    return (
      <div className="grid gap-6">
        <HealthSection />
        <TrafficSection />
        <SpendSection />
        <AdvisorsSection />
        <AlertsSection />
      </div>
    );
  if (selected && (selected.role === 'owner' || selected.role === 'admin')) return <SeedMonitoring seedId={selected.id} />;
  return (
    <p role="alert" className="text-sm text-destructive">
      {ko.consoleUi.forbidden}
    </p>
  );
}
