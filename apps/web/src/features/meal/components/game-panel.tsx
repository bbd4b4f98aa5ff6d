import { useState } from 'react';
import { Play, RotateCcw } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { LadderGame } from './ladder-game';
import { RouletteGame } from './roulette-game';
import { useReducedMotion } from './use-reduced-motion';

const t = ko.meal.ui;

/** The drawn game on screen, with its result in plain text (announced to screen readers once the animation ends). */
export function GamePanel({ meal }: { meal: TMeal }) {
  const reduced = useReducedMotion();
  const [playKey, setPlayKey] = useState(0);
  const [finished, setFinished] = useState(false);
  const draw = meal.draw;
  if (!draw) return null;
  const names = new Map(meal.participants.map((p) => [p.userId, p.name]));
  const ordered = draw.clientSeeds.map((c) => names.get(c.userId) ?? '');
  const payerIndexes = draw.payers.map((p) => p.index);
  const result = t.result(draw.payers.map((p) => p.name).join(', '));
  const played = playKey > 0;
  return (
    <section aria-labelledby="game-title" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="game-title" className="font-semibold">
          {meal.split === 'roulette' ? t.roulette : t.ladder}
        </h3>
        <Button
          type="button"
          size="sm"
          onClick={() => {
            setFinished(false);
            setPlayKey((k) => k + 1);
          }}
        >
          {played ? <RotateCcw aria-hidden="true" /> : <Play aria-hidden="true" />} {played ? t.replay : t.play}
        </Button>
      </div>
      {reduced ? <p className="text-xs text-muted-foreground break-keep">{t.reducedMotion}</p> : null}
      {played ? (
        meal.split === 'roulette' ? (
          <RouletteGame names={ordered} payerIndex={payerIndexes[0] ?? 0} key={playKey} reducedMotion={reduced} onFinished={() => setFinished(true)} />
        ) : (
          <LadderGame names={ordered} payerIndexes={payerIndexes} h={draw.h} key={playKey} reducedMotion={reduced} onFinished={() => setFinished(true)} />
        )
      ) : null}
      {!played ? (
        <p className="text-sm text-muted-foreground break-keep" aria-hidden="true">
          {t.playHint}
        </p>
      ) : null}
      {/* Plain text for screen readers from the start; on screen once the animation has ended. */}
      <p data-testid="game-result" aria-live="polite" className={finished ? 'text-base font-semibold break-keep' : 'sr-only'}>
        {finished || !played ? result : ''}
      </p>
    </section>
  );
}
