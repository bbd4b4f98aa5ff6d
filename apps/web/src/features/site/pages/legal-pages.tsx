import { koSite } from '@suite/shared/messages/ko-site';
import { PrivacyPolicy, usePrivacyEffective } from '@/components/legal/privacy-policy';
import { TermsOfService } from '@/components/legal/terms-of-service';
import { PageContainer } from '@/components/page-container';
import { useSeo } from '@/lib/seo';

const t = koSite.legal;

function LegalPage({ title, effective, children }: { title: string; effective: string; children: React.ReactNode }) {
  return (
    <PageContainer className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{effective}</p>
        <div className="mt-8">{children}</div>
      </article>
    </PageContainer>
  );
}

export function TermsPage() {
  useSeo({ title: koSite.meta.terms.title, description: koSite.meta.terms.description });
  return (
    <LegalPage title={t.termsTitle} effective={t.termsEffective}>
      <TermsOfService headingLevel={2} />
    </LegalPage>
  );
}

export function PrivacyPage() {
  useSeo({ title: koSite.meta.privacy.title, description: koSite.meta.privacy.description });
  // The effective date is the generated policy's (its version history on the server), not a fixed text.
  const effective = usePrivacyEffective();
  return (
    <LegalPage title={t.privacyTitle} effective={effective}>
      <PrivacyPolicy headingLevel={2} />
    </LegalPage>
  );
}
