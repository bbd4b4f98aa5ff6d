import { ArrowRight, Bot, CalendarDays, Check, Clock, Lock, Hash, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { useLoginPrompt } from '@/components/use-login-prompt';
import { PageContainer } from '@/components/page-container';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSeo } from '@/lib/seo';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

const t = koSiteShell.home;

type TSection = { key: keyof typeof t.sections; href: string; icon: LucideIcon; badge: 'success' | 'amber' | 'muted' };
const SECTIONS: TSection[] = [
  { key: 'slackAi', href: '/slack-ai', icon: Bot, badge: 'success' },
  { key: 'meetingRoom', href: '/meeting-room', icon: CalendarDays, badge: 'amber' },
  { key: 'foodManager', href: '/food-manager', icon: UtensilsCrossed, badge: 'muted' },
];

/** Chat quick-connect: styled as not yet available; a visitor gets the login prompt, a member goes to /slack-ai. */
function QuickConnect() {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const { requireLogin, loginPrompt } = useLoginPrompt();
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => requireLogin(() => navigate('/slack-ai'), '/slack-ai')}
        aria-describedby="quick-connect-hint"
        className="inline-flex h-11 items-center gap-2 rounded-md border border-dashed border-input bg-muted px-5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <Hash className="size-4" aria-hidden="true" />
        {t.quickConnect}
        {isAuthenticated ? null : <Lock className="size-3.5" aria-hidden="true" />}
      </button>
      <p id="quick-connect-hint" className="text-xs text-muted-foreground break-keep">
        {isAuthenticated ? t.quickConnectSignedIn : t.quickConnectHint}
      </p>
      {loginPrompt}
    </div>
  );
}

function ServiceSection({ section, index }: { section: TSection; index: number }) {
  const s = t.sections[section.key];
  const Icon = section.icon;
  return (
    <article className={cn('grid items-center gap-8 md:grid-cols-2 md:gap-12', index % 2 === 1 && 'md:[&>*:first-child]:order-2')}>
      <div className="flex aspect-[2/1] items-center justify-center rounded-2xl border bg-gradient-to-br from-primary/15 via-primary/5 to-background md:aspect-[4/3]">
        <span className="flex size-28 items-center justify-center rounded-full bg-background/80 shadow-lg ring-8 ring-primary/10 sm:size-32">
          <Icon className="size-14 text-primary sm:size-16" strokeWidth={1.5} aria-hidden="true" />
        </span>
      </div>
      <div>
        <Badge variant={section.badge}>{s.badge}</Badge>
        <h3 className="mt-3 text-2xl font-bold tracking-tight break-keep">{s.title}</h3>
        <p className="mt-3 text-muted-foreground break-keep">{s.description}</p>
        <ul className="mt-4 grid gap-2">
          {s.points.map((p) => (
            <li key={p} className="flex items-center gap-2 text-sm break-keep">
              <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {p}
            </li>
          ))}
        </ul>
        <Button asChild variant="link" className="mt-4 px-0">
          <Link to={section.href}>
            {t.more(s.title)}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}

export function HomePage() {
  useSeo({ title: koSiteShell.meta.home.title, fullTitle: true, path: '/' });
  const { isAuthenticated } = useSession();
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background to-background py-16 sm:py-24">
        <PageContainer className="text-center">
          <Badge variant="secondary" className="mb-5">
            {t.eyebrow}
          </Badge>
          <h1 className="whitespace-pre-line text-4xl font-extrabold tracking-tight break-keep sm:text-6xl">
            <span className="sr-only">{koSiteShell.brand}: </span>
            {t.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground break-keep">{t.lead}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <a href="#services">{t.explore}</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              {isAuthenticated ? <Link to="/dashboard">{t.toDashboard}</Link> : <Link to="/signup">{t.start}</Link>}
            </Button>
          </div>
          <QuickConnect />
          <dl className="mx-auto mt-12 grid max-w-lg grid-cols-3 gap-4">
            {t.stats.map((s) => (
              <div key={s.label} className="flex flex-col rounded-lg border bg-card px-2 py-4">
                <dt className="text-xs text-muted-foreground break-keep">{s.label}</dt>
                <dd className="order-first text-3xl font-bold text-primary">{s.value}</dd>
              </div>
            ))}
          </dl>
        </PageContainer>
      </section>

      <section id="services" className="scroll-mt-20 py-16 sm:py-24" aria-labelledby="services-title">
        <PageContainer>
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="services-title" className="text-3xl font-bold tracking-tight break-keep">
              {t.servicesTitle}
            </h2>
            <p className="mt-3 text-muted-foreground break-keep">{t.servicesLead}</p>
          </div>
          <div className="mt-14 grid gap-16">
            {SECTIONS.map((s, i) => (
              <ServiceSection key={s.key} section={s} index={i} />
            ))}
          </div>
        </PageContainer>
      </section>

      <section className="border-t bg-muted/40 py-14" aria-labelledby="coming-soon-title">
        <PageContainer className="text-center">
          <Clock className="mx-auto size-8 text-primary" aria-hidden="true" />
          <h2 id="coming-soon-title" className="mt-3 text-2xl font-bold break-keep">
            {t.comingSoonTitle}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-muted-foreground break-keep">{t.comingSoon}</p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/about">{t.aboutLink}</Link>
          </Button>
        </PageContainer>
      </section>
    </>
  );
}
