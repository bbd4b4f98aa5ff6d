import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ko, type TSeed } from '@suite/shared';
import { SidebarProvider } from '@/components/ui/sidebar';
import { consoleNav, visibleNav } from '@/features/console/nav';
import { ConsoleSidebar } from './console-sidebar';

const n = ko.consoleUi.nav;
/** The pages whose route still shows 준비 중 (console-routes.tsx: soon(...)). */
const SOON: string[] = [];

const viewer = vi.hoisted(() => ({ role: 'user' as 'admin' | 'user', seedRole: null as TSeed['role'] | null }));
vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: { id: 'u-1', email: 'kim@example.com', full_name: '김민수', role: viewer.role } }),
}));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({
    selected: viewer.seedRole ? { id: 's-1', seed_name: '우리 회사', seed_address: null, created_at: '', role: viewer.seedRole, member_count: 2 } : null,
  }),
}));

beforeAll(() => {
  // jsdom has no matchMedia (the sidebar asks whether the screen is a phone's).
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

function renderAs(role: 'admin' | 'user', seedRole: TSeed['role'] | null) {
  viewer.role = role;
  viewer.seedRole = seedRole;
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <SidebarProvider>
        <ConsoleSidebar onLogout={() => {}} />
      </SidebarProvider>
    </MemoryRouter>,
  );
}

/** The sidebar titles of the SOON pages. */
const soonTitles = () =>
  consoleNav
    .flatMap((g) => g.items)
    .filter((i) => SOON.includes(i.href))
    .map((i) => i.title);
const link = (name: string) => screen.queryByRole('link', { name: new RegExp(`^${name}`) });

describe('console sidebar: pages still 준비 중', () => {
  it('marks exactly the placeholder pages', () => {
    expect(
      consoleNav
        .flatMap((g) => g.items)
        .filter((i) => i.soon)
        .map((i) => i.href),
    ).toEqual(SOON);
  });

  it.each([
    ['owner', 'user', 'owner'],
    ['seed admin', 'user', 'admin'],
    ['platform admin', 'admin', null],
  ] as const)('lists them with a 준비 중 badge for a %s', (_who, role, seedRole) => {
    renderAs(role, seedRole);
    for (const title of soonTitles()) {
      const a = link(title);
      expect(a, title).not.toBeNull();
      expect(within(a!).getByText(n.soon)).toBeTruthy();
    }
    // Built pages carry no such mark.
    expect(within(link(n.settings)!).queryByText(n.soon)).toBeNull();
    expect(within(link(n.dashboard)!).queryByText(n.soon)).toBeNull();
  });

  it.each([
    ['member of the selected seed', 'member'],
    ['user without a seed', null],
  ] as const)('hides them (and their empty groups) from a %s', (_who, seedRole) => {
    renderAs('user', seedRole);
    for (const title of soonTitles()) expect(link(title), title).toBeNull();
    expect(screen.queryByText(n.soon)).toBeNull();
    expect(screen.queryByText(n.groups.billing)).toBeNull();
    // Help and documentation are for every member (issue 33).
    expect(link(n.helpCenter)).not.toBeNull();
    expect(link(n.docs)).not.toBeNull();
    expect(link(n.domains)).toBeNull();
    // What they can use is still there.
    expect(link(n.dashboard)).not.toBeNull();
    expect(link(n.settings)).not.toBeNull();
  });

  it('lists monitoring for platform admins and the seed owner and admins only, without a 준비 중 mark', () => {
    for (const [role, seedRole, seen] of [
      ['admin', null, true],
      ['user', 'owner', true],
      ['user', 'admin', true],
      ['user', 'member', false],
      ['user', null, false],
    ] as const) {
      renderAs(role, seedRole);
      const a = link(n.monitoring);
      if (seen) expect(a && within(a).queryByText(n.soon), `${role}/${seedRole}`).toBeNull();
      expect(a !== null, `${role}/${seedRole}`).toBe(seen);
      cleanup();
    }
  });

  it('lists 구독 and 결제 내역 for platform admins and the seed owner and admins only, without a 준비 중 mark', () => {
    for (const [role, seedRole, seen] of [
      ['admin', null, true],
      ['user', 'owner', true],
      ['user', 'admin', true],
      ['user', 'member', false],
      ['user', null, false],
    ] as const) {
      renderAs(role, seedRole);
      for (const title of [n.subscription, n.paymentHistory]) {
        const a = link(title);
        if (seen) expect(a && within(a).queryByText(n.soon), `${title} ${role}/${seedRole}`).toBeNull();
        expect(a !== null, `${title} ${role}/${seedRole}`).toBe(seen);
      }
      cleanup();
    }
  });

  it('keeps platform-admin pages for platform admins only', () => {
    const hrefs = (v: Parameters<typeof visibleNav>[0]) => visibleNav(v).flatMap((g) => g.items.map((i) => i.href));
    expect(hrefs({ isAdmin: false, seedRole: 'owner' })).not.toContain('/admin/analytics');
    expect(hrefs({ isAdmin: true, seedRole: null })).toContain('/admin/analytics');
    expect(hrefs({ isAdmin: false, seedRole: 'owner' })).toEqual(expect.arrayContaining(SOON));
  });
});
