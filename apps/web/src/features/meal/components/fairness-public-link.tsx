import { ExternalLink } from 'lucide-react';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import type { TMeal } from '@suite/shared/schemas/meal';

const t = koMealFairness.ui;

/** Issue 38: where the commitment was published (Slack) and the public verify page anyone with the link can open. */
export function FairnessPublicLink({ meal }: { meal: Pick<TMeal, 'id' | 'slack'> }) {
  return (
    <div className="grid gap-1 text-sm">
      {meal.slack ? (
        <p data-testid="slack-commitment" className={`break-keep ${meal.slack.ts ? 'text-muted-foreground' : 'text-amber-700 dark:text-amber-400'}`}>
          {meal.slack.ts ? t.slackPublished(meal.slack.channel) : t.slackNotPublished(meal.slack.channel)}
        </p>
      ) : null}
      <a
        href={`/meal/verify/${meal.id}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 justify-self-start font-medium text-primary underline-offset-4 hover:underline break-keep"
      >
        {t.openVerifyPage} <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}
