import { Building2, Gauge, Layers, LineChart, Quote, Rocket, Users, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { isAvailable, SERVICE_CATALOGUE } from '@suite/shared/catalogue';
import { koCatalogueDetails as koCatalogue } from '@suite/shared/messages/ko-catalogue-details';
import { koSite } from '@suite/shared/messages/ko-site';
import { PageContainer } from '@/components/page-container';
import { UserAvatar } from '@/components/user-avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CatalogueBadge } from '@/components/service-status-badge';
import { useCompany } from '@/lib/company';
import { useSeo } from '@/lib/seo';
import { SectionHeading } from '../components/section-heading';
import { IconCard } from '../components/icon-card';

const t = koSite.about;
const PAIN_ICONS = [Layers, Gauge, LineChart];
const TARGET_ICONS = [Rocket, Building2, Wrench];

export function AboutPage() {
  useSeo({ title: koSite.meta.about.title, description: koSite.meta.about.description });
  const company = useCompany();
  return (
    <>
      <section className="border-b bg-gradient-to-b from-primary/10 to-background py-16 sm:py-24">
        <PageContainer className="text-center">
          <Badge variant="secondary" className="mb-4">
            {t.eyebrow}
          </Badge>
          <h1 className="whitespace-pre-line text-3xl font-bold tracking-tight break-keep sm:text-5xl">{t.title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground break-keep">{t.lead}</p>
        </PageContainer>
      </section>

      <section className="py-16" aria-labelledby="pain-title">
        <PageContainer>
          <SectionHeading id="pain-title" title={t.painTitle} />
          <ul className="mt-10 grid gap-4 md:grid-cols-3">
            {t.pains.map((p, i) => {
              const Icon = PAIN_ICONS[i]!;
              return (
                <li key={p.title}>
                  <IconCard
                    icon={<Icon className="size-5" aria-hidden="true" />}
                    tone="bg-destructive/10 text-destructive"
                    title={p.title}
                    description={p.description}
                  />
                </li>
              );
            })}
          </ul>
        </PageContainer>
      </section>

      <section className="border-y bg-muted/40 py-16" aria-labelledby="target-title">
        <PageContainer>
          <SectionHeading id="target-title" title={t.targetTitle} />
          <ul className="mt-10 grid gap-4 md:grid-cols-3">
            {t.targets.map((p, i) => {
              const Icon = TARGET_ICONS[i]!;
              return (
                <li key={p.title} className="flex gap-4 rounded-lg border bg-card p-5">
                  <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                  <div>
                    <h3 className="font-semibold">{p.title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground break-keep">{p.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </PageContainer>
      </section>

      <section className="py-16" aria-labelledby="vision-title">
        <PageContainer className="grid items-start gap-8 lg:grid-cols-2">
          <div>
            <h2 id="vision-title" className="text-sm font-semibold uppercase tracking-wide text-primary">
              {t.visionTitle}
            </h2>
            <p className="mt-3 text-2xl font-bold leading-snug tracking-tight break-keep sm:text-3xl">{t.vision}</p>
          </div>
          <Card>
            <CardHeader>
              <h2 id="founder-title" className="text-sm font-semibold uppercase tracking-wide text-primary">
                {t.founderTitle}
              </h2>
              {company.representative ? (
                <div className="mt-3 flex items-center gap-3">
                  <UserAvatar full_name={company.representative} email={company.email ?? ''} size="xl" />
                  <div>
                    <p className="font-semibold">{company.representative}</p>
                    <p className="text-sm text-muted-foreground">{t.founderRole}</p>
                  </div>
                </div>
              ) : null}
            </CardHeader>
            <CardContent>
              <blockquote className="relative rounded-md bg-muted/60 p-4 pl-10 text-sm leading-relaxed break-keep">
                <Quote className="absolute left-3 top-4 size-4 text-primary" aria-hidden="true" />
                {t.founderQuote}
              </blockquote>
              <dl className="mt-4 grid grid-cols-2 gap-2 text-center">
                {[
                  { label: t.plannedServices, value: t.count(SERVICE_CATALOGUE.length) },
                  { label: t.liveServices, value: t.count(SERVICE_CATALOGUE.filter((x) => isAvailable(x.status)).length) },
                ].map((x) => (
                  <div key={x.label} className="flex flex-col rounded-md border p-3">
                    <dt className="text-xs text-muted-foreground break-keep">{x.label}</dt>
                    <dd className="order-first text-xl font-bold">{x.value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </PageContainer>
      </section>

      <section className="border-t bg-muted/40 py-16" aria-labelledby="progress-title">
        <PageContainer>
          <SectionHeading id="progress-title" title={t.servicesTitle} lead={t.cta} />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICE_CATALOGUE.map((x) => (
              <li key={x.id}>
                <Card className="h-full">
                  <CardHeader>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <CardTitle className="text-lg break-keep">{koCatalogue.names[x.id]}</CardTitle>
                      <CatalogueBadge status={x.status} />
                    </div>
                    <CardDescription className="break-keep">{koCatalogue.summaries[x.id]}</CardDescription>
                  </CardHeader>
                  {x.sitePath ? (
                    <CardContent>
                      <Link to={x.sitePath} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                        {t.more(koCatalogue.names[x.id])}
                      </Link>
                    </CardContent>
                  ) : x.consolePath && isAvailable(x.status) ? (
                    <CardContent>
                      <Link to={x.consolePath} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                        {t.inConsole(koCatalogue.names[x.id])}
                      </Link>
                    </CardContent>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Users className="size-4" aria-hidden="true" />
            <span className="break-keep">{t.betaNote}</span>
          </p>
        </PageContainer>
      </section>
    </>
  );
}
