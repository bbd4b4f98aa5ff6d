import { BellRing, CalendarCheck, ShieldCheck, Timer } from 'lucide-react';
import { catalogueStatus } from '@suite/shared/catalogue';
import { koSite } from '@suite/shared/messages/ko-site';
import { useSeo } from '@/lib/seo';
import { ServicePage } from '../components/service-page';

const t = koSite.meetingRoom;

export function MeetingRoomPage() {
  useSeo({ title: koSite.meta.meetingRoom.title, description: koSite.meta.meetingRoom.description });
  return (
    <ServicePage
      service="meeting-room"
      badge={{ status: catalogueStatus('schedule') }}
      title={t.title}
      lead={t.lead}
      features={t.features}
      featureIcons={[CalendarCheck, Timer, BellRing, ShieldCheck]}
      demoPath="/admin/services/schedule"
    />
  );
}
