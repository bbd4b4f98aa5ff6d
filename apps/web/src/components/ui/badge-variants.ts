import { cva } from 'class-variance-authority';

/**
 * The badge's classes per variant (cva only). Badge (badge.tsx) merges a caller's className over them with cn(); the
 * landing page uses them as they are (features/site/components/site-classes.ts), without tailwind-merge.
 */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground dark:bg-red-700',
        /** 'waiting' status: grey. */
        muted: 'border-transparent bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-100',
        /** 'development' status: amber. */
        amber: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
        success: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
        new: 'border-transparent bg-rose-600 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);
