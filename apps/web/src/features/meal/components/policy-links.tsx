import { Link } from 'react-router';
import { FileText, Settings } from 'lucide-react';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { useMealSettings } from '../api/meal-settings';
import { seoulToday } from '../lib/seoul-date';

const t = koMealPolicy.ui;
const link = 'inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm hover:bg-muted';

/** Issue 38: links to the seed's meal settings and (for seed admins and the company card holder) the monthly report. */
export function PolicyLinks({ seedId }: { seedId: string }) {
  const settings = useMealSettings(seedId);
  return (
    <>
      <Link to="/admin/services/meal/settings" className={link}>
        <Settings className="size-4" aria-hidden="true" /> {t.settingsLink}
      </Link>
      {settings.data?.canReport ? (
        <Link to={`/admin/services/meal/report?month=${seoulToday().slice(0, 7)}`} className={link}>
          <FileText className="size-4" aria-hidden="true" /> {t.reportLink}
        </Link>
      ) : null}
    </>
  );
}
