import { cn } from '@/lib/utils';
import { avatarColors, initials } from '@/lib/avatar';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';

export type TAvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Sizes in Tailwind units (spec: 4, 6, 7, 8, 11). */
const SIZES: Record<TAvatarSize, string> = {
  xs: 'size-4 text-[0.5rem]',
  sm: 'size-6 text-[0.625rem]',
  md: 'size-7 text-xs',
  lg: 'size-8 text-sm',
  xl: 'size-11 text-base',
};

export type TUserAvatarProps = {
  full_name?: string | null;
  email?: string | null;
  avatar_url?: string | null;
  size?: TAvatarSize;
  className?: string;
};

/**
 * The picture when it loads; until then, or when it fails or is missing, initials on a colour from a hash of the
 * email (or name). Decorative by default: put the person's name in text next to it, as the header does.
 */
export function UserAvatar({ full_name, email, avatar_url, size = 'lg', className }: TUserAvatarProps) {
  const colors = avatarColors(email || full_name || '');
  return (
    <Avatar className={cn(SIZES[size], className)} aria-hidden="true">
      {avatar_url ? <AvatarImage src={avatar_url} alt="" /> : null}
      <AvatarFallback delayMs={avatar_url ? 300 : undefined} style={{ backgroundColor: colors.background, color: colors.color }}>
        {initials(full_name)}
      </AvatarFallback>
    </Avatar>
  );
}
