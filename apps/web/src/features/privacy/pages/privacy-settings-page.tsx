import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';
import { ConsentsSection } from '../components/consents-section';
import { DeletionBanner } from '../components/deletion-banner';
import { DeletionSection } from '../components/deletion-section';
import { ExportSection } from '../components/export-section';
import { RecipientsSection } from '../components/recipients-section';
import { SectionCard } from '../components/section-card';

const t = ko.privacy.settingsUi;

/**
 * /settings/privacy (issue 32): the person's own data — download it, see and change consents, see which outside
 * services received it, and ask for the account's deletion (30 days' grace; the banner cancels it).
 */
export function PrivacySettingsPage() {
  usePageTitle(t.title, { noindex: true });
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-2xl gap-6 px-4 py-10">
      <DeletionBanner />
      <div>
        <h1 className="text-2xl font-bold break-keep">{t.title}</h1>
        <p className="text-muted-foreground break-keep">{t.description}</p>
      </div>
      <ExportSection />
      <SectionCard id="privacy-profile" title={t.profile.title} description={t.profile.description}>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/settings">{t.profile.link}</Link>
        </Button>
      </SectionCard>
      <ConsentsSection />
      <RecipientsSection />
      <DeletionSection />
    </div>
  );
}
