import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import { useMinutesItems } from '../api/door';

const t = koRoomsDoor.minutes;

/** The decisions and action items read from a booking's saved minutes (refreshed by the live stream when ready). */
export function MinutesItems({ seedId, bookingId, hasMinutes }: { seedId: string; bookingId: string; hasMinutes: boolean }) {
  const items = useMinutesItems(seedId, bookingId);
  if (!hasMinutes) return null;
  const data = items.data;
  return (
    <section className="grid gap-2 rounded-lg border p-3 text-sm" aria-label={t.title} data-testid="minutes-items">
      <h3 className="font-semibold">{t.title}</h3>
      {!data ? (
        <p className="text-muted-foreground break-keep">{t.notYet}</p>
      ) : (
        <>
          <div>
            <p className="font-medium">{t.decisions}</p>
            {data.decisions.length ? (
              <ul className="ml-4 list-disc">
                {data.decisions.map((d) => (
                  <li key={d} className="break-keep">
                    {d}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">{t.none}</p>
            )}
          </div>
          <div>
            <p className="font-medium">{t.actions}</p>
            {data.actions.length ? (
              <ul className="ml-4 list-disc">
                {data.actions.map((a) => (
                  <li key={a.text} className="break-keep">
                    {a.text}
                    {a.owner ? <span className="text-muted-foreground"> · {t.owner(a.owner.name)}</span> : null}
                    {a.due ? <span className="text-muted-foreground"> · {t.due(a.due)}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">{t.none}</p>
            )}
          </div>
          <p className="text-xs text-muted-foreground">{data.source === 'llm' ? t.sourceLlm : t.sourceRules}</p>
        </>
      )}
    </section>
  );
}
