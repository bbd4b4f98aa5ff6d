import { useEffect } from 'react';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';

export type TSeo = {
  /** Page title; shown as "<title> | 컴퍼니 툴즈" unless `fullTitle`. */
  title: string;
  description?: string;
  /** Path of the canonical URL (default: the current path). */
  path?: string;
  fullTitle?: boolean;
  /** Keep out of search results (result screens, 404). */
  noindex?: boolean;
};

export const OG_IMAGE = '/og-image.png';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/** Sets the Korean title, meta description, canonical link and Open Graph / Twitter tags of the current route. */
export function useSeo({ title, description, path, fullTitle, noindex }: TSeo) {
  useEffect(() => {
    const fullText = fullTitle ? title : `${title} | ${koSiteShell.brand}`;
    const desc = description ?? koSiteShell.meta.defaultDescription;
    const url = new URL(path ?? location.pathname, location.origin).toString();
    document.title = fullText;
    setMeta('name', 'description', desc);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : 'index, follow');
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', koSiteShell.brand);
    setMeta('property', 'og:locale', 'ko_KR');
    setMeta('property', 'og:title', fullText);
    setMeta('property', 'og:description', desc);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', new URL(OG_IMAGE, location.origin).toString());
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullText);
    setMeta('name', 'twitter:description', desc);
    setCanonical(url);
  }, [title, description, path, fullTitle, noindex]);
}
