import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { catalogueBadgeClass } from '@/components/catalogue-status';
import { CatalogueBadge } from '@/components/service-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/utils';
import { siteClasses } from './site-classes';

const classSet = (classes: string) => [...new Set(classes.split(/\s+/).filter(Boolean))].sort();
const renderedClass = (element: ReactElement) => (render(element).container.firstElementChild as HTMLElement).className;

/** What the first page used to draw with the shared components (tailwind-merge), entry by entry. */
const shared: Record<keyof typeof siteClasses, () => string> = {
  iconButton: () => renderedClass(<Button variant="ghost" size="icon" />),
  menuButton: () => renderedClass(<Button variant="ghost" size="icon" className="lg:hidden" />),
  login: () =>
    renderedClass(
      <Button asChild variant="ghost" size="sm">
        <a href="/login">x</a>
      </Button>,
    ),
  signup: () =>
    renderedClass(
      <Button asChild size="sm">
        <a href="/signup">x</a>
      </Button>,
    ),
  console: () =>
    renderedClass(
      <Button asChild variant="outline" size="sm" className="hidden lg:inline-flex">
        <a href="/admin">x</a>
      </Button>,
    ),
  logout: () => renderedClass(<Button variant="ghost" size="sm" className="hidden lg:inline-flex" />),
  heroPrimary: () =>
    renderedClass(
      <Button asChild size="lg">
        <a href="#services">x</a>
      </Button>,
    ),
  heroOutline: () =>
    renderedClass(
      <Button asChild size="lg" variant="outline">
        <a href="/signup">x</a>
      </Button>,
    ),
  moreLink: () =>
    renderedClass(
      <Button asChild variant="link" className="mt-4 px-0">
        <a href="/slack-ai">x</a>
      </Button>,
    ),
  aboutLink: () =>
    renderedClass(
      <Button asChild variant="outline" className="mt-6">
        <a href="/about">x</a>
      </Button>,
    ),
  eyebrow: () => renderedClass(<Badge variant="secondary" className="mb-5" />),
  avatarSkeleton: () => renderedClass(<Skeleton className="size-8 rounded-full" />),
  avatar: () => renderedClass(<UserAvatar full_name="Jane Doe" email="jane@example.com" size="lg" />),
  avatarInitials: () =>
    (render(<UserAvatar full_name="Jane Doe" email="jane@example.com" size="lg" />).container.querySelector('span span') as HTMLElement).className,
  footerLink: () => siteClasses.footerLink,
  footerLinkStrong: () => cn(siteClasses.footerLink, 'font-semibold text-foreground'),
};

describe('the landing page draws the shared components’ classes without tailwind-merge', () => {
  it.each(Object.keys(shared) as (keyof typeof siteClasses)[])('%s', (key) => {
    expect(classSet(siteClasses[key])).toEqual(classSet(shared[key]()));
  });

  it('catalogue badges', () => {
    for (const status of ['active', 'beta', 'development', 'planned'] as const) {
      expect(classSet(catalogueBadgeClass(status))).toEqual(classSet(renderedClass(<CatalogueBadge status={status} />)));
    }
  });
});
