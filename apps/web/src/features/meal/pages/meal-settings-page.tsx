import { Link } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { ko } from '@suite/shared';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { useMealSettings, useMealTeams } from '../api/meal-settings';
import { useSeedMembers } from '../api/seed-members';
import { NoSeed } from '../components/meal-status';
import { MealSettingsForm } from '../components/meal-settings-form';
import { MealTeams } from '../components/meal-teams';
import { seoulToday } from '../lib/seoul-date';

const t = koMealPolicy.ui;

/** /admin/services/meal/settings — the seed's company meal policy, teams and reminders (issue 38). */
export function MealSettingsPage() {
  const { selected } = useSeeds();
  if (!selected) return <NoSeed />;
  return <Settings key={selected.id} seedId={selected.id} />;
}

function Settings({ seedId }: { seedId: string }) {
  const settings = useMealSettings(seedId);
  const teams = useMealTeams(seedId);
  const members = useSeedMembers(seedId);
  if (settings.isLoading || teams.isLoading || members.isLoading) return <p className="text-sm text-muted-foreground">{ko.meal.ui.loading}</p>;
  const error = settings.error ?? teams.error ?? members.error;
  if (error || !settings.data || !teams.data || !members.data) return <p className="text-sm text-destructive">{error?.message}</p>;
  return (
    <div className="grid gap-4">
      <Link to="/admin/services/meal" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {ko.meal.ui.back}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-xl font-semibold">{t.settingsTitle}</h2>
          <p className="text-sm text-muted-foreground break-keep">{t.settingsDescription}</p>
        </div>
        {settings.data.canReport ? (
          <Link
            to={`/admin/services/meal/report?month=${seoulToday().slice(0, 7)}`}
            className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm hover:bg-muted"
          >
            <FileText className="size-4" aria-hidden="true" /> {t.reportLink}
          </Link>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t.policy}</CardTitle>
        </CardHeader>
        <CardContent>
          <MealSettingsForm key={JSON.stringify(settings.data)} seedId={seedId} settings={settings.data} members={members.data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t.teams}</CardTitle>
          <CardDescription className="break-keep">{t.teamsHelp}</CardDescription>
        </CardHeader>
        <CardContent>
          <MealTeams seedId={seedId} teams={teams.data} members={members.data} canManage={settings.data.canManage} />
        </CardContent>
      </Card>
    </div>
  );
}
