import { badgeVariants } from '@/components/ui/badge-variants';
import { buttonVariants } from '@/components/ui/button-variants';

/** A class list without the given classes (the ones a later class overrides). */
const without = (classes: string, ...overridden: string[]) =>
  classes
    .split(' ')
    .filter((c) => !overridden.includes(c))
    .join(' ');

/**
 * The classes of the buttons, button-styled links and badges that the landing page '/' and the site header draw, as
 * plain strings from the shared recipes (components/ui/*-variants.ts). The shared Button and Badge merge a className
 * over their recipe with cn(), i.e. tailwind-merge (about 8 KB gzipped), which '/' does not download; so where a
 * className here overrides a recipe class, the overridden class is left out by hand. site-classes.test.tsx checks every
 * entry against the class list the shared component renders for the same props.
 */
export const siteClasses = {
  /** <Button variant="ghost" size="icon">: the header's layout and theme toggles. */
  iconButton: buttonVariants({ variant: 'ghost', size: 'icon' }),
  /** <Button variant="ghost" size="icon" className="lg:hidden">: the menu button. */
  menuButton: buttonVariants({ variant: 'ghost', size: 'icon', className: 'lg:hidden' }),
  /** <Button asChild variant="ghost" size="sm">: 로그인. */
  login: buttonVariants({ variant: 'ghost', size: 'sm' }),
  /** <Button asChild size="sm">: 회원가입. */
  signup: buttonVariants({ size: 'sm' }),
  /** <Button asChild variant="outline" size="sm" className="hidden lg:inline-flex">: 콘솔 (signed in, from lg). */
  console: `${without(buttonVariants({ variant: 'outline', size: 'sm' }), 'inline-flex')} hidden lg:inline-flex`,
  /** <Button variant="ghost" size="sm" className="hidden lg:inline-flex">: 로그아웃 (signed in, from lg). */
  logout: `${without(buttonVariants({ variant: 'ghost', size: 'sm' }), 'inline-flex')} hidden lg:inline-flex`,
  /** <Button asChild size="lg">: the hero's first call to action. */
  heroPrimary: buttonVariants({ size: 'lg' }),
  /** <Button asChild size="lg" variant="outline">: the hero's second call to action. */
  heroOutline: buttonVariants({ size: 'lg', variant: 'outline' }),
  /** <Button asChild variant="link" className="mt-4 px-0">: a service section's 'more' link. */
  moreLink: `${without(buttonVariants({ variant: 'link' }), 'px-4')} mt-4 px-0`,
  /** <Button asChild variant="outline" className="mt-6">: the link to /about. */
  aboutLink: buttonVariants({ variant: 'outline', className: 'mt-6' }),
  /** <Badge variant="secondary" className="mb-5">: the hero's eyebrow. */
  eyebrow: badgeVariants({ variant: 'secondary', className: 'mb-5' }),
  /** <Skeleton className="size-8 rounded-full">: the account area while the session loads. */
  avatarSkeleton: 'animate-pulse bg-muted motion-reduce:animate-none size-8 rounded-full',
  /** <UserAvatar size="lg">, its root and its initials, drawn while the profile menu's code loads. */
  avatar: 'relative flex shrink-0 overflow-hidden rounded-full size-8 text-sm',
  avatarInitials: 'flex size-full items-center justify-center rounded-full bg-muted font-semibold leading-none',
  /** The footer's links; the privacy link is cn(footerLink, 'font-semibold text-foreground'). */
  footerLink: 'rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  footerLinkStrong: 'rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring font-semibold text-foreground',
} as const;
