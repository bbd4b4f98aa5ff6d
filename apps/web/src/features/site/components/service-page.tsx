import { useState, type ReactNode } from 'react';
import { BookOpen, CircleDollarSign, PlayCircle, Rocket, Sparkles, type LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { koSite } from '@suite/shared/messages/ko-site';
import type { TBetaService } from '@suite/shared';
import type { TCatalogueStatus } from '@suite/shared/catalogue';
import { CatalogueBadge } from '@/components/service-status-badge';
import { useLoginPrompt } from '@/components/use-login-prompt';
import { PageContainer } from '@/components/page-container';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BetaApplyDialog } from './beta-apply-dialog';
import { IconCard } from './icon-card';

const s = koSite.service;

export type TServicePageProps = {
  service: TBetaService;
  /** A fixed badge (the chat page's NEW) or the service's status from the catalogue. */
  badge: { text: string; variant: 'new' | 'secondary' | 'amber' } | { status: TCatalogueStatus };
  title: string;
  lead: string;
  features: readonly { title: string; description: string }[];
  /** One icon per feature, drawn at the cards' size. */
  featureIcons: LucideIcon[];
  /** Extra hero actions (the chat page's connect button); a function gets the beta form's opener. */
  heroActions?: ReactNode | ((openBeta: () => void) => ReactNode);
  /** The service's live page for 'view demo'; without one, a toast says when the demo opens. */
  demoPath?: string;
};

/** A feature card's icon, at the cards' size. */
const icon = (Icon: LucideIcon | undefined) => (Icon ? <Icon className="size-5" aria-hidden="true" /> : null);

function ComingSoonCard({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Card className="border-dashed">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <span className="flex size-10 items-center justify-center rounded-md bg-muted text-muted-foreground">{icon}</span>
          <Badge variant="muted">{koSite.comingSoon}</Badge>
        </div>
        <CardTitle className="mt-2 text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** Shared template of the service marketing pages: hero, features, guide/pricing placeholders, beta call to action. */
export function ServicePage(p: TServicePageProps) {
  const [betaOpen, setBetaOpen] = useState(false);
  const navigate = useNavigate();
  const { requireLogin, loginPrompt } = useLoginPrompt();
  const demoPath = p.demoPath;
  const viewDemo = () => {
    if (!demoPath) {
      toast.info(koSite.demo.notYet, { description: koSite.demo.notYetDescription });
      return;
    }
    requireLogin(() => navigate(demoPath), demoPath);
  };
  return (
    <>
      <section className="border-b bg-gradient-to-b from-primary/10 to-background py-16 sm:py-24">
        <PageContainer className="text-center">
          {'status' in p.badge ? (
            <CatalogueBadge status={p.badge.status} className="mb-4" />
          ) : (
            <Badge variant={p.badge.variant} className="mb-4">
              {p.badge.text}
            </Badge>
          )}
          <h1 className="text-3xl font-bold tracking-tight break-keep sm:text-5xl">{p.title}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground break-keep">{p.lead}</p>
          {p.heroActions ? (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {typeof p.heroActions === 'function' ? p.heroActions(() => setBetaOpen(true)) : p.heroActions}
            </div>
          ) : null}
        </PageContainer>
      </section>

      <section className="py-16" aria-labelledby="features-title">
        <PageContainer>
          <h2 id="features-title" className="text-center text-2xl font-bold tracking-tight break-keep sm:text-3xl">
            {s.featuresTitle}
          </h2>
          <ul className={`mt-10 grid gap-4 sm:grid-cols-2 ${p.features.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
            {p.features.map((f, i) => (
              <li key={f.title}>
                <IconCard icon={icon(p.featureIcons[i])} tone="bg-primary/10 text-primary" title={f.title} description={f.description} />
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section className="pb-16" aria-label={`${s.guideTitle}, ${s.pricingTitle}`}>
        <PageContainer className="grid gap-4 md:grid-cols-2">
          <ComingSoonCard icon={<BookOpen className="size-5" aria-hidden="true" />} title={s.guideTitle} description={s.guideDescription} />
          <ComingSoonCard icon={<CircleDollarSign className="size-5" aria-hidden="true" />} title={s.pricingTitle} description={s.pricingDescription} />
        </PageContainer>
      </section>

      <section className="border-t bg-muted/40 py-16" aria-labelledby="beta-title">
        <PageContainer className="text-center">
          <Sparkles className="mx-auto size-8 text-primary" aria-hidden="true" />
          <h2 id="beta-title" className="mt-3 text-2xl font-bold tracking-tight break-keep">
            {s.betaTitle}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground break-keep">{s.betaDescription}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={() => setBetaOpen(true)}>
              <Rocket aria-hidden="true" />
              {koSite.beta.open}
            </Button>
            <Button size="lg" variant="outline" onClick={viewDemo}>
              <PlayCircle aria-hidden="true" />
              {koSite.demo.open}
            </Button>
          </div>
        </PageContainer>
      </section>
      <BetaApplyDialog open={betaOpen} onOpenChange={setBetaOpen} service={p.service} />
      {loginPrompt}
    </>
  );
}
