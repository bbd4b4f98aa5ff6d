import { useSeo } from '@/lib/seo';

/**
 * Title "<page> | <brand>" for the account and console pages, with the same description, Open Graph and canonical
 * handling as the public pages (so no page keeps the previous page's tags). Signed-in screens are not indexed.
 */
export function usePageTitle(title: string, opts: { noindex?: boolean } = {}) {
  useSeo({ title, noindex: opts.noindex });
}
