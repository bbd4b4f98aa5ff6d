import { useEffect, useMemo, useState } from 'react';
import { ko } from '@suite/shared';
import { ladderFromH, ladderPath } from '../lib/ladder';

const t = ko.meal.ui;
const COL = 64;
const ROW = 26;
const TOP = 34;
const BOTTOM = 34;
const PAD = 32;

type TProps = { names: string[]; payerIndexes: number[]; h: string; reducedMotion: boolean; onFinished?: () => void };

const lengthOf = (pts: { x: number; y: number }[]) =>
  pts.slice(1).reduce((s, p, i) => s + Math.abs(p.x - pts[i]!.x) * COL + Math.abs(p.y - pts[i]!.y) * ROW, 0);

/**
 * 사다리타기, drawn from h (lib/ladder.ts): each participant's path is traced from their name down to the bottom; the
 * '당첨' marks sit where the drawn payers' paths end. With reduced motion the traced paths appear at once.
 */
export function LadderGame({ names, payerIndexes, h, reducedMotion, onFinished }: TProps) {
  const n = names.length;
  const ladder = useMemo(() => ladderFromH(h, n), [h, n]);
  const paths = useMemo(() => names.map((_, i) => ladderPath(ladder, i)), [ladder, names]);
  const winners = new Set(payerIndexes.map((i) => ladder.end[i]));
  const [traced, setTraced] = useState(reducedMotion);
  const width = PAD * 2 + (n - 1) * COL;
  const height = TOP + BOTTOM + ladder.rows * ROW;
  const x = (c: number) => PAD + c * COL;
  const y = (r: number) => TOP + r * ROW;

  // Remounted (key) for every play: starts untraced, traces on the next frames; reduced motion starts traced.
  useEffect(() => {
    if (reducedMotion) {
      onFinished?.();
      return;
    }
    const raf = requestAnimationFrame(() => requestAnimationFrame(() => setTraced(true)));
    const done = setTimeout(() => onFinished?.(), 2600);
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(done);
    };
  }, [reducedMotion]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="overflow-x-auto">
      <svg
        data-testid="ladder"
        role="img"
        aria-label={t.ladder}
        viewBox={`0 0 ${width} ${height}`}
        className="mx-auto block h-auto w-full"
        style={{ minWidth: Math.min(width, n * 56), maxWidth: Math.min(width * 1.4, 480) }}
      >
        {names.map((name, i) => (
          <text key={`n${i}`} x={x(i)} y={TOP - 14} textAnchor="middle" className="fill-foreground text-[11px] font-medium">
            {name.length > 5 ? `${name.slice(0, 5)}…` : name}
          </text>
        ))}
        {names.map((_, i) => (
          <line key={`c${i}`} x1={x(i)} y1={y(0)} x2={x(i)} y2={y(ladder.rows)} className="stroke-muted-foreground/50" strokeWidth={3} strokeLinecap="round" />
        ))}
        {ladder.rungs.map((row, r) =>
          row.map((on, g) =>
            on ? (
              <line
                key={`r${r}-${g}`}
                x1={x(g)}
                y1={y(r + 0.5)}
                x2={x(g + 1)}
                y2={y(r + 0.5)}
                className="stroke-muted-foreground/40"
                strokeWidth={3}
                strokeLinecap="round"
              />
            ) : null,
          ),
        )}
        {paths.map((pts, i) => {
          const len = lengthOf(pts);
          const payer = payerIndexes.includes(i);
          // Only the payers' paths are traced, so the ladder itself stays readable.
          if (!payer) return null;
          return (
            <polyline
              key={`p${i}`}
              points={pts.map((p) => `${x(p.x)},${y(p.y)}`).join(' ')}
              fill="none"
              className="stroke-rose-500"
              strokeWidth={4}
              strokeLinejoin="round"
              strokeLinecap="round"
              strokeDasharray={len}
              strokeDashoffset={traced ? 0 : len}
              style={reducedMotion ? undefined : { transition: 'stroke-dashoffset 2.4s ease-in-out' }}
            />
          );
        })}
        {names.map((_, c) => (
          <text
            key={`b${c}`}
            x={x(c)}
            y={height - 10}
            textAnchor="middle"
            className={winners.has(c) ? 'fill-rose-600 text-[12px] font-bold dark:fill-rose-400' : 'fill-muted-foreground text-[11px]'}
          >
            {winners.has(c) ? t.pays : t.free}
          </text>
        ))}
      </svg>
    </div>
  );
}
