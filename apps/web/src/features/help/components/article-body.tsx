import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import './help-prose.css';

/**
 * A help article's body: the server's HTML, rendered from the repository's Markdown and sanitised there (no script,
 * no event attributes; the page's CSP forbids inline script besides). Code blocks that scroll sideways get a tab stop
 * so keyboard users can scroll them too.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const pre of ref.current?.querySelectorAll('pre') ?? []) pre.tabIndex = 0;
  }, [html]);
  return <div ref={ref} className={cn('help-prose', className)} data-testid="help-article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
