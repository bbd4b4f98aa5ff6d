import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { PageContainer } from '@/components/page-container';
import { useSeo } from '@/lib/seo';
import { ArticleSearch } from '../components/article-search';
import { publicArticleHref } from '../lib/help-href';

const t = koHelpUi;

/** Public /help (signed out too): the search and every article grouped by service. */
export function PublicHelpPage() {
  useSeo({ title: t.publicTitle, description: t.publicDescription });
  return (
    <PageContainer className="py-10 sm:py-14">
      <div className="mx-auto grid max-w-4xl gap-8">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight break-keep">{t.publicTitle}</h1>
          <p className="text-muted-foreground break-keep">{t.publicDescription}</p>
        </header>
        <ArticleSearch hrefOf={publicArticleHref} level={2} />
      </div>
    </PageContainer>
  );
}
