import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/utils';
import { publicArticleHref, type THrefOf } from '../lib/help-href';
import './help-prose.css';

const HELP_LINK = /^\/help\/([a-z0-9][a-z0-9-]{0,80})(#.*)?$/;

/**
 * A help article's body: the server's HTML, rendered from the repository's Markdown and sanitised there (no raw HTML,
 * no event attributes, only safe link targets; the page's CSP forbids inline script besides). Links to this site's
 * pages navigate inside the app (an article link to `/help/<slug>` opens where articles open here: `hrefOf`); code
 * blocks that scroll sideways get a tab stop so keyboard users can scroll them too.
 */
export function ArticleBody({ html, hrefOf = publicArticleHref, className }: { html: string; hrefOf?: THrefOf; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    for (const pre of ref.current?.querySelectorAll('pre') ?? []) pre.tabIndex = 0;
  }, [html]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || a.target || !/^\/(?![/\\])/.test(href)) return;
    e.preventDefault();
    const help = HELP_LINK.exec(href);
    void navigate(help ? hrefOf(help[1]!) + (help[2] ?? '') : href);
  };

  return (
    // The clicks handled here are those of the links inside (keyboard activation of a link is a click too).
    <div ref={ref} onClick={onClick} className={cn('help-prose', className)} data-testid="help-article-body" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
