import { ko } from '@suite/shared';
import { downloadExport } from '../api/export-csv';
import { ReasonDialog } from './reason-dialog';

const r = ko.adminBuilder.roles.ui;

/**
 * 개인정보 포함 내보내기 (decision 092): the masked columns in clear only with a 열람 reason (2–200 characters); the
 * server records the export (reason, columns, row count) before any value leaves. The plain export stays masked.
 */
export function ExportClearDialog(props: { seedId: string; appId: string; table: string; params: URLSearchParams; kind: 'csv' | 'xlsx'; onClose: () => void }) {
  return (
    <ReasonDialog
      id="ad-export"
      title={r.exportClear[props.kind]}
      intro={r.exportClearIntro}
      placeholder={r.exportClearPlaceholder}
      submitLabel={r.exportClearSubmit}
      onSubmit={(reason) => downloadExport(props.seedId, props.appId, props.table, props.params, props.kind, reason)}
      onClose={props.onClose}
    />
  );
}
