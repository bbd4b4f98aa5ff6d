import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueEntry, isAvailable, SERVICE_CATALOGUE } from '@suite/shared/catalogue';
import { koCatalogue } from '@suite/shared/messages/ko-catalogue';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { simpleLinks } from '@/lib/navigation';
import { HomePage } from '../pages/home-page';
import { SiteFooter } from './site-footer';
import { ThemeToggle } from './theme-toggle';

vi.mock('@/lib/public-config', () => ({ usePublicConfig: () => ({ data: undefined, error: undefined, isLoading: true }) }));
vi.mock('@/lib/session', () => ({ useSession: () => ({ isAuthenticated: false, user: null }) }));
vi.mock('@/lib/seo', () => ({ useSeo: () => {} }));
vi.mock('@/lib/theme', () => ({ useTheme: () => ({ resolvedTheme: 'light', setTheme: () => {} }) }));

afterEach(cleanup);
const inRouter = (el: React.ReactNode) => render(<MemoryRouter>{el}</MemoryRouter>);
const href = (id: Parameters<typeof catalogueEntry>[0]) => catalogueEntry(id).sitePath ?? catalogueEntry(id).consolePath;

describe('what the public site says about the services', () => {
  it('home: no "곧 만나요" for tools that exist; the builders and the chatbot are shown as they are, with a way in', () => {
    inRouter(<HomePage />);
    expect(screen.queryByText('곧 만나요')).toBeNull();
    expect(document.body.textContent).not.toMatch(/준비하고 있습니다/);
    const section = screen.getByRole('region', { name: koSiteShell.home.betaTitle });
    for (const [id, item] of [
      ['api-builder', 'apiBuilder'],
      ['admin-builder', 'adminBuilder'],
      ['ai-chatbot', 'aiChatbot'],
    ] as const) {
      const entry = catalogueEntry(id);
      if (!isAvailable(entry.status)) continue;
      const title = koSiteShell.nav.items[item].title;
      const card = within(section).getByRole('heading', { name: title }).closest('li')!;
      expect(within(card as HTMLElement).getByText(koCatalogue.status[entry.status])).toBeTruthy();
      expect(
        within(card as HTMLElement)
          .getByRole('link', { name: koSiteShell.home.betaOpen(title) })
          .getAttribute('href'),
      ).toBe(href(id));
    }
  });

  it('footer: every usable service, the AI chatbot included', () => {
    inRouter(<SiteFooter />);
    const services = screen.getByRole('navigation', { name: koSiteShell.footer.services });
    const names: Record<string, string> = {
      'slack-ai': koSiteShell.nav.items.slackAi.title,
      schedule: koSiteShell.nav.items.meetingRoom.title,
      meal: koSiteShell.nav.items.foodManager.title,
      'api-builder': koSiteShell.nav.items.apiBuilder.title,
      'admin-builder': koSiteShell.nav.items.adminBuilder.title,
      'ai-chatbot': koSiteShell.nav.items.aiChatbot.title,
    };
    for (const s of SERVICE_CATALOGUE.filter((x) => isAvailable(x.status)))
      expect(within(services).getByRole('link', { name: names[s.id] }).getAttribute('href')).toBe(href(s.id));
  });

  it('header: no link is a placeholder to "/"; the API link goes to the API builder', () => {
    expect(simpleLinks.filter((l) => l.href === '/')).toEqual([]);
    const apis = simpleLinks.find((l) => l.id === 'apis');
    if (isAvailable(catalogueEntry('api-builder').status)) expect(apis).toMatchObject({ title: 'API 빌더', href: href('api-builder') });
  });

  it('theme button: a Korean accessible name', () => {
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: '다크 모드 전환' })).toBeTruthy();
  });
});
