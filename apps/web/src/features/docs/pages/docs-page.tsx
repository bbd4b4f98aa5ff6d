import { useSearchParams } from 'react-router';
import { ko } from '@suite/shared';
import { cn } from '@/lib/utils';
import { ChangelogView } from '../components/changelog-view';
import { GuidesView } from '../components/guides-view';
import { ReferenceView } from '../components/reference-view';

const t = ko.docs;
const TABS = ['reference', 'guides', 'changelog'] as const;
type TTab = (typeof TABS)[number];

/** /admin/docs: developer documentation in three tabs (API 레퍼런스, 가이드, 변경 기록); the tab and guide live in the URL. */
export function DocsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TTab = TABS.find((x) => x === params.get('tab')) ?? 'reference';
  const choose = (next: TTab) => setParams(next === 'reference' ? {} : { tab: next });
  const chooseGuide = (slug: string) => setParams({ tab: 'guides', guide: slug });
  const onKeyDown = (e: React.KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : undefined;
    if (!next) return;
    e.preventDefault();
    choose(next);
    document.getElementById(`docs-tab-${next}`)?.focus();
  };
  return (
    <div className="grid min-w-0 gap-4">
      <div role="tablist" aria-label={t.title} className="flex gap-1 overflow-x-auto border-b" onKeyDown={onKeyDown}>
        {TABS.map((x) => (
          <button
            key={x}
            id={`docs-tab-${x}`}
            type="button"
            role="tab"
            aria-selected={tab === x}
            aria-controls={`docs-panel-${x}`}
            tabIndex={tab === x ? 0 : -1}
            onClick={() => choose(x)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium break-keep focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              tab === x ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t.tabs[x]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`docs-panel-${tab}`} aria-labelledby={`docs-tab-${tab}`} className="min-w-0">
        {tab === 'reference' ? <ReferenceView /> : null}
        {tab === 'guides' ? <GuidesView slug={params.get('guide') ?? undefined} onChoose={chooseGuide} /> : null}
        {tab === 'changelog' ? <ChangelogView /> : null}
      </div>
    </div>
  );
}
