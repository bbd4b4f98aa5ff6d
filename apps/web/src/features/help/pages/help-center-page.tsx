import { useSearchParams } from 'react-router';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { ZHelpSlugParams } from '@suite/shared/schemas/help';
import { useSeeds } from '@/lib/seed-context';
import { ArticleSearch } from '../components/article-search';
import { ArticleMissing, ArticleView } from '../components/article-view';
import { ChecklistCards } from '../components/checklist-cards';
import { ContactCard } from '../components/contact-card';
import { consoleArticleHref } from '../lib/help-href';

const t = koHelpUi;

/**
 * /admin/help, for every member: the search over the articles grouped by service, an article inside the console
 * (`?article=<slug>`), the selected seed's getting-started checklist, and 문의하기 (the suite's own chatbot widget).
 */
export function HelpCenterPage() {
  const [params] = useSearchParams();
  const { selected } = useSeeds();
  const asked = params.get('article');
  const valid = asked !== null && ZHelpSlugParams.safeParse({ slug: asked }).success;

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      {/* 문의하기 first on a phone (before the long list), in the right column from xl. */}
      <aside className="min-w-0 xl:sticky xl:top-20 xl:col-start-2 xl:row-start-1">
        <ContactCard />
      </aside>
      <div className="grid min-w-0 gap-8 xl:col-start-1 xl:row-start-1">
        {asked !== null && !valid ? (
          <ArticleMissing backHref="/admin/help" titleAs="h2" />
        ) : asked !== null ? (
          <ArticleView slug={asked} hrefOf={consoleArticleHref} backHref="/admin/help" titleAs="h2" />
        ) : (
          <>
            <p className="text-sm text-muted-foreground break-keep">{t.intro}</p>
            {/* The seed's next steps before the full list of articles. */}
            {selected ? <ChecklistCards seedId={selected.id} seedName={selected.seed_name} hrefOf={consoleArticleHref} /> : null}
            <ArticleSearch hrefOf={consoleArticleHref} level={2} />
          </>
        )}
      </div>
    </div>
  );
}
