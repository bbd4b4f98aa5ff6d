import { useParams } from 'react-router';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { ZHelpSlugParams } from '@suite/shared/schemas/help';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api';
import { useSeo } from '@/lib/seo';
import { useArticle } from '../api/get-article';
import { ArticleMissing, ArticleView } from '../components/article-view';
import { publicArticleHref } from '../lib/help-href';

const t = koHelpUi;

/** Public /help/:slug: one article (the server's sanitised HTML), its date and related articles; 404 for an unknown slug. */
export function PublicArticlePage() {
  const raw = useParams().slug ?? '';
  // A slug the server could never have (upper case, dots, …) is not asked for: it is missing at once.
  const valid = ZHelpSlugParams.safeParse({ slug: raw }).success;
  const slug = valid ? raw : '';
  const query = useArticle(slug);
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  const excerpt = query.data
    ? query.data.html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 150)
    : undefined;
  useSeo({
    title: missing ? t.article.notFoundTitle : (query.data?.title ?? t.publicTitle),
    description: excerpt ?? t.publicDescription,
    noindex: missing,
  });
  return (
    <PageContainer className="py-10 sm:py-14">
      <div className="mx-auto max-w-5xl">
        {valid ? <ArticleView slug={slug} hrefOf={publicArticleHref} backHref="/help" relatedBeside /> : <ArticleMissing backHref="/help" />}
      </div>
    </PageContainer>
  );
}
