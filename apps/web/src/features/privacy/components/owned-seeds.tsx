import { Link } from 'react-router';
import { ko, type TDeletionStatus } from '@suite/shared';

const t = ko.privacy.settingsUi.deletion;

/** The seeds that stop a deletion, each with its member count, and the way to the seeds screen to transfer or delete them. */
export function OwnedSeeds({ seeds }: { seeds: TDeletionStatus['ownedSeeds'] }) {
  if (seeds.length === 0) return null;
  return (
    <div
      className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/30 dark:text-amber-50"
      data-testid="owned-seeds"
    >
      <p className="font-medium">{t.ownedSeeds}</p>
      <ul className="grid gap-1">
        {seeds.map((s) => (
          <li key={s.id} className="flex flex-wrap gap-x-2">
            <span className="font-medium break-all">{s.seed_name}</span>
            <span className="opacity-80">{t.seedMembers(s.members)}</span>
          </li>
        ))}
      </ul>
      <Link to="/admin/seeds" className="justify-self-start font-medium underline underline-offset-4">
        {t.toSeeds}
      </Link>
    </div>
  );
}
