import {
  ArrowRight,
  Bot,
  Braces,
  CalendarDays,
  Check,
  LayoutDashboard,
  Lock,
  Hash,
  MessageSquareText,
  Sparkles,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Link, useNavigate } from 'react-router';
import { catalogueCounts, catalogueEntry, catalogueStatus, isAvailable, type TCatalogueId } from '@suite/shared/catalogue';
import { koCatalogue } from '@suite/shared/messages/ko-catalogue';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { catalogueBadgeClass } from '@/components/catalogue-status';
import { useLoginPrompt } from '@/components/use-login-prompt';
import { containerClass, useLayoutMode } from '@/lib/layout-mode';
import { useSeo } from '@/lib/seo';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { siteClasses } from '../components/site-classes';
import roomDark480 from '../assets/screens/meeting-room-dark-480.webp';
import roomDark960 from '../assets/screens/meeting-room-dark-960.webp';
import roomLight480 from '../assets/screens/meeting-room-light-480.webp';
import roomLight960 from '../assets/screens/meeting-room-light-960.webp';
import slackDark480 from '../assets/screens/slack-ai-dark-480.webp';
import slackDark960 from '../assets/screens/slack-ai-dark-960.webp';
import slackLight480 from '../assets/screens/slack-ai-light-480.webp';
import slackLight960 from '../assets/screens/slack-ai-light-960.webp';

const t = koSiteShell.home;

type TSection = { key: keyof typeof t.sections; service: TCatalogueId; href: string; icon: LucideIcon };
const SECTIONS: TSection[] = [
  { key: 'slackAi', service: 'slack-ai', href: '/slack-ai', icon: Bot },
  { key: 'meetingRoom', service: 'schedule', href: '/meeting-room', icon: CalendarDays },
  { key: 'foodManager', service: 'meal', href: '/food-manager', icon: UtensilsCrossed },
];
const COUNTS = catalogueCounts();

/**
 * The tools without a marketing page of their own, as the catalogue has them: those usable now (beta) are listed
 * with a link to where they are used, so the page never says "coming soon" of something that exists.
 */
type TBetaTool = { service: TCatalogueId; item: 'apiBuilder' | 'adminBuilder' | 'aiChatbot'; icon: LucideIcon };
const BETA_TOOLS = (
  [
    { service: 'api-builder', item: 'apiBuilder', icon: Braces },
    { service: 'admin-builder', item: 'adminBuilder', icon: LayoutDashboard },
    { service: 'ai-chatbot', item: 'aiChatbot', icon: MessageSquareText },
  ] satisfies TBetaTool[]
).filter((b) => isAvailable(catalogueStatus(b.service)));

/**
 * Pictures of the real console screens (scripts/home-screens.mjs renders them from the app, light and dark, as WebP
 * at 480 and 960 px). Below the fold: lazy, sized, only the current theme's picture is fetched (the other is hidden).
 */
type TScreen = Record<'light' | 'dark', { small: string; large: string }>;
const SCREENS: Partial<Record<TSection['key'], TScreen>> = {
  slackAi: { light: { small: slackLight480, large: slackLight960 }, dark: { small: slackDark480, large: slackDark960 } },
  meetingRoom: { light: { small: roomLight480, large: roomLight960 }, dark: { small: roomDark480, large: roomDark960 } },
};

/**
 * The first page draws the shared components' markup with plain class strings (../components/site-classes.ts): Button,
 * Badge, CatalogueBadge and PageContainer merge classes with tailwind-merge, which '/' does not download.
 */
function Container({ className, children }: { className?: string; children: ReactNode }) {
  const { mode } = useLayoutMode();
  return (
    <div className={clsx(containerClass(mode), className)} data-layout-mode={mode}>
      {children}
    </div>
  );
}

function ScreenPicture({ screen, alt }: { screen: TScreen; alt: string }) {
  const img = (theme: 'light' | 'dark', className: string) => (
    <img
      src={screen[theme].large}
      srcSet={`${screen[theme].small} 480w, ${screen[theme].large} 960w`}
      sizes="(min-width: 768px) 50vw, 100vw"
      width={960}
      height={600}
      loading="lazy"
      decoding="async"
      alt={alt}
      className={clsx('h-auto w-full rounded-2xl border shadow-lg', className)}
    />
  );
  return (
    <div>
      {img('light', 'dark:hidden')}
      {img('dark', 'hidden dark:block')}
    </div>
  );
}

/** Chat quick-connect: styled as not yet available; a visitor gets the login prompt, a member goes to /slack-ai. */
function QuickConnect() {
  const { isAuthenticated } = useSession();
  // Until the server says Slack can be connected, the button leads to the page that says it is being prepared.
  const preparing = usePublicConfig().data?.slackAvailable === false;
  const navigate = useNavigate();
  const { requireLogin, loginPrompt } = useLoginPrompt();
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => (preparing ? navigate('/slack-ai') : requireLogin(() => navigate('/slack-ai'), '/slack-ai'))}
        aria-describedby="quick-connect-hint"
        className="inline-flex h-11 items-center gap-2 rounded-md border border-dashed border-input bg-muted px-5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <Hash className="size-4" aria-hidden="true" />
        {t.quickConnect}
        {isAuthenticated || preparing ? null : <Lock className="size-3.5" aria-hidden="true" />}
      </button>
      <p id="quick-connect-hint" className="text-xs text-muted-foreground break-keep">
        {preparing ? t.quickConnectPreparing : isAuthenticated ? t.quickConnectSignedIn : t.quickConnectHint}
      </p>
      {loginPrompt}
    </div>
  );
}

function ServiceSection({ section, index }: { section: TSection; index: number }) {
  const s = t.sections[section.key];
  const status = catalogueStatus(section.service);
  const Icon = section.icon;
  return (
    <article className={clsx('grid items-center gap-8 md:grid-cols-2 md:gap-12', index % 2 === 1 && 'md:[&>*:first-child]:order-2')}>
      {SCREENS[section.key] ? (
        <ScreenPicture screen={SCREENS[section.key]!} alt={t.screenAlt(s.title)} />
      ) : (
        <div className="flex aspect-[8/5] items-center justify-center rounded-2xl border bg-gradient-to-br from-primary/15 via-primary/5 to-background">
          <span className="flex size-28 items-center justify-center rounded-full bg-background/80 shadow-lg ring-8 ring-primary/10 sm:size-32">
            <Icon className="size-14 text-primary sm:size-16" strokeWidth={1.5} aria-hidden="true" />
          </span>
        </div>
      )}
      <div>
        <span className={catalogueBadgeClass(status)}>{koCatalogue.status[status]}</span>
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
        <Link to={section.href} className={siteClasses.moreLink}>
          {t.more(s.title)}
          <ArrowRight aria-hidden="true" />
        </Link>
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
        <Container className="text-center">
          <span className={siteClasses.eyebrow}>{t.eyebrow}</span>
          <h1 className="whitespace-pre-line text-4xl font-extrabold tracking-tight break-keep sm:text-6xl">
            <span className="sr-only">{koSiteShell.brand}: </span>
            {t.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground break-keep">{t.lead}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="#services" className={siteClasses.heroPrimary}>
              {t.explore}
            </a>
            {isAuthenticated ? (
              <Link to="/dashboard" className={siteClasses.heroOutline}>
                {t.toDashboard}
              </Link>
            ) : (
              <Link to="/signup" className={siteClasses.heroOutline}>
                {t.start}
              </Link>
            )}
          </div>
          <QuickConnect />
          <dl className="mx-auto mt-12 grid max-w-lg gap-4" style={{ gridTemplateColumns: `repeat(${COUNTS.length}, minmax(0, 1fr))` }}>
            {COUNTS.map((c) => (
              <div key={c.status} className="flex flex-col rounded-lg border bg-card px-2 py-4">
                <dt className="text-xs text-muted-foreground break-keep">{c.label}</dt>
                <dd className="order-first text-3xl font-bold text-primary">{c.count}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <section id="services" className="scroll-mt-20 py-16 sm:py-24" aria-labelledby="services-title">
        <Container>
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
        </Container>
      </section>

      {BETA_TOOLS.length ? (
        <section className="border-t bg-muted/40 py-14" aria-labelledby="beta-tools-title">
          <Container>
            <div className="mx-auto max-w-2xl text-center">
              <Sparkles className="mx-auto size-8 text-primary" aria-hidden="true" />
              <h2 id="beta-tools-title" className="mt-3 text-2xl font-bold break-keep">
                {t.betaTitle}
              </h2>
              <p className="mt-3 text-muted-foreground break-keep">{t.betaLead}</p>
            </div>
            <ul className="mt-8 grid gap-4 md:grid-cols-3">
              {BETA_TOOLS.map((b) => {
                const item = koSiteShell.nav.items[b.item];
                const status = catalogueStatus(b.service);
                const entry = catalogueEntry(b.service);
                const Icon = b.icon;
                return (
                  <li key={b.service} className="flex flex-col rounded-lg border bg-card p-5">
                    <div className="flex items-center justify-between gap-2">
                      <Icon className="size-6 text-primary" aria-hidden="true" />
                      <span className={catalogueBadgeClass(status)}>{koCatalogue.status[status]}</span>
                    </div>
                    <h3 className="mt-3 font-semibold break-keep">{item.title}</h3>
                    <p className="mt-1 flex-1 whitespace-pre-line text-sm text-muted-foreground break-keep">{item.description}</p>
                    <Link to={entry.sitePath ?? entry.consolePath ?? '/signup'} className={siteClasses.moreLink}>
                      {t.betaOpen(item.title)}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </li>
                );
              })}
            </ul>
            <div className="text-center">
              <Link to="/about" className={siteClasses.aboutLink}>
                {t.aboutLink}
              </Link>
            </div>
          </Container>
        </section>
      ) : null}
    </>
  );
}
