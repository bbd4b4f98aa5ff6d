import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { useArticle } from '../api/get-article';
import { formatUpdated } from '../lib/format-updated';
import type { THrefOf } from '../lib/help-href';
import { ArticleBody } from './article-body';
import { RelatedArticles } from './related-articles';

const t = koHelpUi;

type TProps = {
  slug: string;
  hrefOf: THrefOf;
  backHref: string;
  /** h1 on the public page; h2 inside the console (its header holds the h1). */
  titleAs?: 'h1' | 'h2';
  /** Related articles in a column beside the article on wide screens (public page); below it otherwise (console). */
  relatedBeside?: boolean;
};

function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t.article.back}
    </Link>
  );
}

/** An unknown slug: says so and leads back to the list. */
export function ArticleMissing({ backHref, titleAs = 'h1' }: { backHref: string; titleAs?: 'h1' | 'h2' }) {
  const Title = titleAs;
  return (
    <div className="grid gap-4" data-testid="help-article-missing">
      <BackLink to={backHref} />
      <Title className="text-2xl font-bold break-keep">{t.article.notFoundTitle}</Title>
      <p className="text-sm text-muted-foreground break-keep">{t.article.notFound}</p>
    </div>
  );
}

/** One article: title, updated date, related error codes, the body, and the service's other articles. */
export function ArticleView({ slug, hrefOf, backHref, titleAs = 'h1', relatedBeside = false }: TProps) {
  const query = useArticle(slug);
  const Title = titleAs;
  if (query.isPending) return <p className="text-sm text-muted-foreground">{t.loading}</p>;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    if (missing) return <ArticleMissing backHref={backHref} titleAs={titleAs} />;
    return (
      <div className="grid gap-4">
        <BackLink to={backHref} />
        <Alert variant="destructive">
          <AlertDescription>{t.article.loadError}</AlertDescription>
        </Alert>
      </div>
    );
  }
  const a = query.data;
  return (
    <div className={relatedBeside ? 'grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]' : 'grid min-w-0 gap-6'}>
      <article className="min-w-0" aria-labelledby="help-article-title">
        <BackLink to={backHref} />
        <p className="mt-4 text-xs font-medium text-primary break-keep">{t.services[a.service]}</p>
        <Title id="help-article-title" className="mt-1 text-2xl font-bold tracking-tight break-keep sm:text-3xl">
          {a.title}
        </Title>
        <p className="mt-2 text-sm text-muted-foreground">{t.article.updated(formatUpdated(a.updated))}</p>
        {a.codes.length ? (
          <p className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span className="break-keep">{t.article.codes}</span>
            {a.codes.map((c) => (
              <code key={c} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-foreground">
                {c}
              </code>
            ))}
          </p>
        ) : null}
        <ArticleBody html={a.html} hrefOf={hrefOf} className="mt-6" />
      </article>
      <aside className={relatedBeside ? 'min-w-0 lg:pt-10' : 'min-w-0'}>
        <RelatedArticles slug={a.slug} service={a.service} hrefOf={hrefOf} />
      </aside>
    </div>
  );
}
