import { ko } from '@suite/shared';
import type { TMealOuting } from '@suite/shared/schemas/meal-outings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const o = ko.meal.outing.ui;
const won = ko.meal.ui.won;

/** Per person over the outing's parts: a column per part, the total; amounts of parts not settled yet marked 예정. */
export function OutingSummary({ outing }: { outing: TMealOuting }) {
  const planned = outing.people.some((p) => p.parts.some((x) => x.planned));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{o.outingSummary}</CardTitle>
        {planned ? <CardDescription className="break-keep">{o.plannedHelp}</CardDescription> : null}
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="outing-summary">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1.5 pr-2 font-medium">
                {o.person}
              </th>
              {outing.parts.map((p) => (
                <th key={p.id} scope="col" className="py-1.5 px-1 text-right font-medium whitespace-nowrap">
                  {o.partLabel(p.partNo)}
                </th>
              ))}
              <th scope="col" className="py-1.5 pl-1 text-right font-medium">
                {ko.meal.ui.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {outing.people.map((person) => (
              <tr key={person.userId} className="border-b last:border-0" data-testid={`outing-person-${person.userId}`}>
                <th scope="row" className="py-1.5 pr-2 text-left font-normal break-keep">
                  {person.name}
                </th>
                {outing.parts.map((part) => {
                  const cell = person.parts.find((x) => x.mealId === part.id);
                  return (
                    <td key={part.id} className="py-1.5 px-1 text-right tabular-nums whitespace-nowrap">
                      {cell ? won(cell.amount) : '—'}
                      {cell?.planned ? <span className="ml-1 text-xs text-muted-foreground">{o.planned}</span> : null}
                    </td>
                  );
                })}
                <td className="py-1.5 pl-1 text-right font-semibold tabular-nums whitespace-nowrap">{won(person.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="pt-2 text-left">
                {o.outingTotal}
              </th>
              {outing.parts.map((p) => (
                <td key={p.id} className="pt-2 px-1 text-right tabular-nums whitespace-nowrap">
                  {won(p.total)}
                </td>
              ))}
              <td className="pt-2 pl-1 text-right tabular-nums whitespace-nowrap" data-testid="outing-total">
                {won(outing.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </CardContent>
    </Card>
  );
}
