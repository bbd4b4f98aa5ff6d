import { BellRing, ClipboardList, Users } from 'lucide-react';
import { catalogueStatus } from '@suite/shared/catalogue';
import { koSite } from '@suite/shared/messages/ko-site';
import { useSeo } from '@/lib/seo';
import { ServicePage } from '../components/service-page';

const t = koSite.foodManager;

export function FoodManagerPage() {
  useSeo({ title: koSite.meta.foodManager.title, description: koSite.meta.foodManager.description });
  return (
    <ServicePage
      service="food-manager"
      demoPath="/admin/services/meal"
      badge={{ status: catalogueStatus('meal') }}
      title={t.title}
      lead={t.lead}
      features={t.features}
      featureIcons={[ClipboardList, Users, BellRing]}
    />
  );
}
