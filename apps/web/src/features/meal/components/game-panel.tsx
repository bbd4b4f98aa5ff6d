import { useState } from 'react';
import { FastForward, Play, RotateCcw } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { LadderGame } from './ladder-game';
import { RouletteGame } from './roulette-game';
import { useReducedMotion } from './use-reduced-motion';

const t = ko.meal.ui;

type TProps = { meal: TMeal; seen: boolean; onSeen: () => void };

/**
 * The drawn game on screen. The result stays hidden (on screen and for screen readers) until this user has played the
 * game to its end or skipped it (`seen`, remembered per user by the round page). A roulette spins once per payer,
 * each spin over the people not drawn yet, as the draw itself picks them.
 */
export function GamePanel({ meal, seen, onSeen }: TProps) {
  const reduced = useReducedMotion();
  const [playKey, setPlayKey] = useState(0);
  const [spin, setSpin] = useState(0);
  const [stopped, setStopped] = useState(0);
  const draw = meal.draw;
  if (!draw) return null;
  const names = new Map(meal.participants.map((p) => [p.userId, p.name]));
  const ordered = draw.clientSeeds.map((c) => names.get(c.userId) ?? '');
  const payerIndexes = draw.payers.map((p) => p.index);
  const result = t.result(draw.payers.map((p) => p.name).join(', '));
  const played = playKey > 0;
  const roulette = meal.split === 'roulette';
  // Spin k turns a wheel of the people not drawn before it; its payer's position among them.
  const remaining = ordered.map((name, i) => ({ name, i })).filter((x) => !payerIndexes.slice(0, spin).includes(x.i));
  const spinPayer = Math.max(
    0,
    remaining.findIndex((x) => x.i === payerIndexes[spin]),
  );
  const start = () => {
    setSpin(0);
    setStopped(0);
    setPlayKey((k) => k + 1);
  };
  const finishedSpin = () => {
    setStopped(spin + 1);
    if (!roulette || spin + 1 >= payerIndexes.length) onSeen();
  };
  const showResult = seen && (!played || stopped >= (roulette ? payerIndexes.length : 1));
  return (
    <section aria-labelledby="game-title" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="game-title" className="font-semibold">
          {roulette ? t.roulette : t.ladder}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={start}>
            {played || seen ? <RotateCcw aria-hidden="true" /> : <Play aria-hidden="true" />} {played || seen ? t.replay : t.play}
          </Button>
          {!seen ? (
            <Button type="button" size="sm" variant="outline" onClick={onSeen}>
              <FastForward aria-hidden="true" /> {t.skip}
            </Button>
          ) : null}
        </div>
      </div>
      {reduced ? <p className="text-xs text-muted-foreground break-keep">{t.reducedMotion}</p> : null}
      {played ? (
        roulette ? (
          <RouletteGame
            names={remaining.map((x) => x.name)}
            payerIndex={spinPayer}
            key={`${playKey}-${spin}`}
            reducedMotion={reduced}
            onFinished={finishedSpin}
          />
        ) : (
          <LadderGame names={ordered} payerIndexes={payerIndexes} h={draw.h} key={playKey} reducedMotion={reduced} onFinished={finishedSpin} />
        )
      ) : null}
      {played && roulette && payerIndexes.length > 1 ? (
        <ol className="grid gap-1 text-sm" data-testid="spin-results" aria-live="polite">
          {draw.payers.slice(0, stopped).map((p, k) => (
            <li key={p.userId} className="font-medium break-keep">
              {t.spinResult(k + 1, p.name)}
            </li>
          ))}
        </ol>
      ) : null}
      {played && roulette && stopped === spin + 1 && spin + 1 < payerIndexes.length ? (
        <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => setSpin(spin + 1)}>
          <Play aria-hidden="true" /> {t.nextSpin(spin + 2, payerIndexes.length)}
        </Button>
      ) : null}
      {!played && !seen ? <p className="text-sm text-muted-foreground break-keep">{t.playHint}</p> : null}
      <p data-testid="game-result" aria-live="polite" className={showResult ? 'text-base font-semibold break-keep' : 'sr-only'}>
        {showResult ? result : ''}
      </p>
    </section>
  );
}
